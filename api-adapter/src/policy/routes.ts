import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { policyListResponse, timelineResponse } from '@feiyi/contract/policy';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';
import { policies, policyContent, timeline } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

export const policyRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  store.use(...policyContent);
  const tags = ['政策'];
  app.route({
    ...tableRoute('policy.list', { tags, summary: '政策列表', description: '按发布日期从早到晚。datePrecision 为 year 时只知道年份。' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('policies', policyListResponse, (data) => ok({ policies: data.get(policies) })),
      );
    },
  });
  app.route({
    ...tableRoute('policy.timeline', { tags, summary: '首页政策时间轴' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('timeline', timelineResponse, (data) => ok({ timeline: data.get(timeline) })),
      );
    },
  });
};

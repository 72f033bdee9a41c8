import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PortalBrowseBatch } from '@feiyi/contract/portal';
import { asVisitor } from '../auth/identity.ts';
import { absoluteUrl } from '../shared/media.ts';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';
import { tableRoute } from '../http/route-table.ts';

const tags = ['浏览记录'];

export const historyRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, config }) => {
  app.route({
    ...tableRoute('history.record', {
      tags,
      summary: '记录一次浏览',
      description:
        'browseType 为 culture、inheritor、event、product、heritage 或 news（传承人详情用 inheritor）。同一对象只保留最近一次的时间。',
    }),
    handler: async (request) =>
      ok(await asVisitor(cms, request).call('browse.record', { body: { records: [request.body] } satisfies PortalBrowseBatch })),
  });

  app.route({
    ...tableRoute('history.batch', {
      tags,
      summary: '批量同步本地浏览记录',
      description: '登录后把本地记录一次同步：请求体为记录数组（或 { records }），最多 50 条，服务器去重。',
    }),
    handler: async (request) => {
      const records = Array.isArray(request.body) ? request.body : request.body.records;
      return ok(await asVisitor(cms, request).call('browse.record', { body: { records } satisfies PortalBrowseBatch }));
    },
  });

  app.route({
    ...tableRoute('history.list', { tags, summary: '我的浏览记录', description: '新的在前，每页默认 10 条，可按 type 筛选。' }),
    handler: async (request) => {
      const { page, size, type } = request.query;
      const result = await asVisitor(cms, request).call('browse.list', { query: { page, size, ...(type ? { type } : {}) } });
      return ok({ ...result, records: result.records.map((r) => ({ ...r, coverImage: absoluteUrl(config.PUBLIC_URL, r.coverImage) })) });
    },
  });
};

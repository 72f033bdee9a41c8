import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PortalNewDonation } from '@feiyi/contract/portal';
import { assertSelf, asVisitor, visitorOf } from '../auth/identity.ts';
import { sendCached } from '../cache/response-cache.ts';
import { donationProjectsResponse } from '@feiyi/contract/donation';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { type Deps, idempotencyKeyOf } from '../shared/deps.ts';
import { donationProjects } from './content.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { tableRoute } from '../http/route-table.ts';

const tags = ['公益与成就'];

export const donationRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, cms, donorFeed, fanOut }) => {
  store.use(donationProjects);

  app.route({
    ...tableRoute('donation.projects', { tags, summary: '公益项目' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('projects', donationProjectsResponse, (data) => ok({ projects: data.get(donationProjects) })),
      );
    },
  });

  app.route({
    ...tableRoute('donation.feed', { tags, summary: '最新捐赠（捐赠人已脱敏）', description: '新的在前；姓名只留首字，如 张**。' }),
    handler: async (request) => ok({ records: await donorFeed.get(request.query.limit) }),
  });

  app.route({
    ...tableRoute('donation.donate', {
      tags,
      summary: '捐赠',
      description: '金额为 1–10000 的整数（元）；项目必须存在，项目名取自内容库。答复含重新计算的成就。支持 Idempotency-Key。',
    }),
    handler: async (request) => {
      assertSelf(visitorOf(request), request.body.userId);
      const result = await asVisitor(cms, request).call('donations.donate', {
        body: {
          projectId: request.body.projectId,
          amount: request.body.amount,
          idempotencyKey: idempotencyKeyOf(request),
        } satisfies PortalNewDonation,
      });
      // The donor's next read of the feed has their row, here at once and on the other instances once they hear of it
      // (before this answer leaves).
      donorFeed.invalidate();
      await fanOut?.announce({ kind: 'donation' });
      return ok({ donation: result.donation, achievements: result.achievements }, '捐赠成功，感谢您的善举');
    },
  });

  app.route({
    ...tableRoute('donation.mine', { tags, summary: '我的捐赠' }),
    handler: async (request) => ok({ records: await asVisitor(cms, request).call('donations.list') }),
  });

  app.route({
    ...tableRoute('achievement.list', { tags, summary: '用户的成就', description: '只能查看自己的成就（userId 必须是当前用户）。' }),
    handler: async (request) => {
      assertSelf(visitorOf(request), request.params.userId);
      return ok(await asVisitor(cms, request).call('achievements.list'));
    },
  });

  app.route({
    ...tableRoute('achievement.check', {
      tags,
      summary: '检查成就',
      description: '根据用户的捐赠记录重新计算并保存；客户端传来的 currentValue、targetValue 不被采信。答复该类成就的当前状态。',
    }),
    handler: async (request) => {
      assertSelf(visitorOf(request), request.body.userId);
      const states = await asVisitor(cms, request).call('achievements.list');
      const state = states.find((s) => s.achievementType === request.body.type);
      if (!state) throw ApiError.badRequest(MESSAGES.achievement.unknownType);
      return ok(state, state.isCompleted ? `已获得成就：${state.achievementName}` : '成就进度已更新');
    },
  });
};

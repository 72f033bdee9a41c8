import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PortalNewBooking } from '@feiyi/contract/portal';
import type { z } from 'zod';
import { asVisitor } from '../auth/identity.ts';
import { sendCached } from '../cache/response-cache.ts';
import { type booking, workshopsResponse } from '@feiyi/contract/workshop';
import { absoluteUrl } from '../shared/media.ts';
import { ok } from '../http/envelope.ts';
import { type Deps, idempotencyKeyOf } from '../shared/deps.ts';
import { applySeats, workshops } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

type Booking = z.infer<typeof booking>;
const tags = ['体验工坊'];

export const workshopRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, cms, config, fanOut }) => {
  store.use(workshops);
  store.onStockMoved(async (stockVersion) => {
    const levels = await cms.server.call('workshops.seats', { query: {} });
    applySeats(store, levels, { followed: true });
    await fanOut?.announce({ kind: 'stock', seats: levels, stockVersion });
  });
  const withImage = (b: Booking): Booking => ({
    ...b,
    activity: { ...b.activity, image: absoluteUrl(config.PUBLIC_URL, b.activity.image) },
  });

  app.route({
    ...tableRoute('workshop.list', { tags, summary: '体验工坊', description: '单价（元/人）、名额与剩余名额。' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.shop.answer('workshops', workshopsResponse, (shop) => ok({ workshops: shop.get(workshops) })),
      );
    },
  });

  app.route({
    ...tableRoute('workshop.book', {
      tags,
      summary: '预约工坊',
      description:
        '1–4 位参与人（姓名、手机号、18 位身份证号，身份证只保存脱敏形式）；金额 = 单价 × 人数；名额在事务中扣减；同一活动只能预约一次。支持 Idempotency-Key。',
    }),
    handler: async (request) => {
      const workshopId = request.params.id;
      try {
        const { booking: created, seats } = await asVisitor(cms, request).call('bookings.create', {
          body: {
            workshopId,
            participants: request.body.participants,
            idempotencyKey: idempotencyKeyOf(request),
          } satisfies PortalNewBooking,
        });
        // The seats after this booking, from the CMS's answer (a replayed one has none): this instance answers them at once.
        applySeats(store, seats ?? []);
        if (seats?.length) await fanOut?.announce({ kind: 'stock', seats });
        return ok({ booking: withImage(created) }, '预约成功');
      } catch (error) {
        // A refusal (full, or already booked) may mean our copy of the seats is behind: fetch them, not the whole shop.
        cms.server
          .call('workshops.seats', { query: { pids: String(workshopId) } })
          .then((levels) => applySeats(store, levels))
          .catch(() => undefined);
        throw error;
      }
    },
  });
  app.route({
    ...tableRoute('workshop.bookings', { tags, summary: '我的预约' }),
    handler: async (request) => ok({ records: (await asVisitor(cms, request).call('bookings.list')).map(withImage) }),
  });
};

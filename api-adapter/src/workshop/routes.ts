import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { visitorOf } from '../auth/identity.ts';
import { sendCached } from '../cache/response-cache.ts';
import { errorResponses, privateErrorResponses } from '../contract/common.ts';
import {
  type booking,
  bookingBody,
  bookingListResponse,
  bookingResponse,
  workshopIdParam,
  workshopsResponse,
} from '../contract/workshop.ts';
import { absoluteUrl } from '../culture/mapper.ts';
import { ok } from '../http/envelope.ts';
import { type Deps, idempotencyKeyOf } from '../shared/deps.ts';

type Booking = z.infer<typeof booking>;
const tags = ['体验工坊'];
const security = [{ bearer: [] }];

export const workshopRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, cms, identity, config }) => {
  const withImage = (b: Booking): Booking => ({
    ...b,
    activity: { ...b.activity, image: absoluteUrl(config.PUBLIC_URL, b.activity.image) },
  });

  app.get(
    '/api/workshops',
    {
      schema: {
        tags,
        summary: '体验工坊',
        description: '单价（元/人）、名额与剩余名额。',
        response: { 200: workshopsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      return sendCached(request, reply, await store.shop.answer('workshops', (shop) => ok({ workshops: shop.workshops })));
    },
  );

  app.register(async (privateRoutes) => {
    privateRoutes.addHook('onRequest', identity.requireUser);
    const typed = privateRoutes.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/workshops/:id/book',
      {
        schema: {
          tags,
          summary: '预约工坊',
          description:
            '1–4 位参与人（姓名、手机号、18 位身份证号，身份证只保存脱敏形式）；金额 = 单价 × 人数；名额在事务中扣减；同一活动只能预约一次。支持 Idempotency-Key。',
          params: workshopIdParam,
          body: bookingBody,
          security,
          response: { 200: bookingResponse, ...privateErrorResponses },
        },
      },
      async (request) => {
        try {
          const { booking: created } = await cms.asUser(visitorOf(request).token).post<{ booking: Booking }>('portal/bookings', {
            workshopId: request.params.id,
            participants: request.body.participants,
            idempotencyKey: idempotencyKeyOf(request),
          });
          return ok({ booking: withImage(created) }, '预约成功');
        } finally {
          store.shop.invalidate().catch(() => undefined);
        }
      },
    );
    typed.get(
      '/api/profile/bookings',
      { schema: { tags, summary: '我的预约', security, response: { 200: bookingListResponse, ...privateErrorResponses } } },
      async (request) => ok({ records: (await cms.asUser(visitorOf(request).token).get<Booking[]>('portal/bookings')).map(withImage) }),
    );
  });
};

import { portalAchievements, portalDonated, portalDonations, portalDonorFeed } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { z } from 'zod';
import { answers, parse, requireServerToken, userIdOf } from '../../../portal/http';

const donateBody = z.object({
  projectId: z.number({ error: '请选择公益项目' }).int().positive({ error: '请选择公益项目' }),
  amount: z
    .number({ error: '捐赠金额必须是数字' })
    .int({ error: '捐赠金额必须是整数（元）' })
    .min(1, { error: '捐赠金额不能少于 1 元' })
    .max(10000, { error: '单笔捐赠金额不能超过 10000 元' }),
  idempotencyKey: z.string().min(1).max(100).optional(),
});

const service = () => strapi.service('api::donation.donation');

export default factories.createCoreController('api::donation.donation', () => ({
  donateMine: answers(portalDonated, async (ctx) => {
    userIdOf(ctx);
    const result = await service().donate(ctx.state.user!, parse(donateBody, ctx.request.body));
    ctx.status = result.replayed ? 200 : 201;
    return result;
  }),
  listMine: answers(portalDonations, async (ctx) => service().listForUser(userIdOf(ctx))),
  achievementsMine: answers(portalAchievements, async (ctx) => service().achievementsOf(userIdOf(ctx))),
  feed: answers(portalDonorFeed, async (ctx) => {
    requireServerToken(ctx);
    const limit = Math.min(100, Math.max(1, Number(ctx.query.limit ?? 20) || 20));
    return service().feed(limit);
  }),
}));

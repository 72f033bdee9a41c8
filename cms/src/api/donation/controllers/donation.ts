import { portalAchievements, portalDonated, portalDonations, portalDonorFeed, portalNewDonation } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { answers, parse, requireServerToken, userIdOf } from '../../../portal/http';

const service = () => strapi.service('api::donation.donation');

export default factories.createCoreController('api::donation.donation', () => ({
  donateMine: answers(portalDonated, async (ctx) => {
    userIdOf(ctx);
    const result = await service().donate(ctx.state.user!, parse(portalNewDonation, ctx.request.body));
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

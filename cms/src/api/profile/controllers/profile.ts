import { portalProfile, portalProfileChanges, portalStats } from '@feiyi/contract/portal';
import { answers, parse, userIdOf } from '../../../portal/http';

const service = () => strapi.service('api::profile.profile');

export default {
  me: answers(portalProfile, async (ctx) => service().me(userIdOf(ctx))),
  update: answers(portalProfile, async (ctx) => service().update(userIdOf(ctx), parse(portalProfileChanges, ctx.request.body))),
  stats: answers(portalStats, async (ctx) => service().stats(userIdOf(ctx))),
};

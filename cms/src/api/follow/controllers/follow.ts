import { portalFollowCount, portalFollowStatus, portalFollows } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { z } from 'zod';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';
import { FOLLOW_FETCH_SIZE, USER_LIST_MAX_SIZE } from '@feiyi/contract/page-sizes';

const inheritorParam = z.object({
  id: z.coerce.number({ error: '传承人编号必须是数字' }).int().positive({ error: '传承人编号必须是正整数' }),
});
const service = () => strapi.service('api::follow.follow');

export default factories.createCoreController('api::follow.follow', () => ({
  statusMine: answers(portalFollowStatus, async (ctx) => ({
    isFollowing: await service().isFollowing(userIdOf(ctx), parse(inheritorParam, ctx.params).id),
  })),
  followMine: answers(portalFollowStatus, async (ctx) => service().follow(userIdOf(ctx), parse(inheritorParam, ctx.params).id)),
  unfollowMine: answers(portalFollowStatus, async (ctx) => service().unfollow(userIdOf(ctx), parse(inheritorParam, ctx.params).id)),
  countMine: answers(portalFollowCount, async (ctx) => service().count(userIdOf(ctx))),
  listMine: answers(portalFollows, async (ctx) => {
    const { offset, size } = pageArgs(ctx.query, FOLLOW_FETCH_SIZE, USER_LIST_MAX_SIZE);
    return service().list(userIdOf(ctx), { offset, size });
  }),
}));

import { portalFavouriteAdded, portalFavouriteCheck, portalFavouritePage, portalFavouriteRemoved } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { z } from 'zod';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';
import { FAVOURITE_TYPES } from '../services/favourite';

const target = z.object({
  type: z
    .string()
    .refine((t) => (FAVOURITE_TYPES as readonly string[]).includes(t), { error: (issue) => `不支持的收藏类型：${String(issue.input)}` }),
  targetId: z.coerce.number({ error: 'targetId 必须是数字' }).int().positive({ error: 'targetId 必须是正整数' }),
});

const service = () => strapi.service('api::favourite.favourite');
const targetOf = (input: unknown) => {
  const { type, targetId } = parse(target, input);
  return { type: type as (typeof FAVOURITE_TYPES)[number], targetId };
};

export default factories.createCoreController('api::favourite.favourite', () => ({
  checkMine: answers(portalFavouriteCheck, async (ctx) => {
    const { type, targetId } = targetOf(ctx.query);
    return service().isFavourite(userIdOf(ctx), type, targetId);
  }),
  addMine: answers(portalFavouriteAdded, async (ctx) => {
    const { type, targetId } = targetOf(ctx.request.body);
    return service().add(userIdOf(ctx), type, targetId);
  }),
  removeMine: answers(portalFavouriteRemoved, async (ctx) => {
    const { type, targetId } = targetOf(ctx.query);
    return service().remove(userIdOf(ctx), type, targetId);
  }),
  listMine: answers(portalFavouritePage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, 6, 50);
    const type = ctx.query.type ? targetOf({ type: ctx.query.type, targetId: 1 }).type : undefined;
    const { records, total } = await service().list(userIdOf(ctx), { type, offset, size });
    return { records, total, size, current: page, pages: Math.ceil(total / size) };
  }),
}));

import { pageFrom } from '@feiyi/contract/common';
import {
  portalFavouriteAdded,
  portalFavouriteCheck,
  portalFavouritePage,
  portalFavouriteRemoved,
  portalFavouriteTarget,
} from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';
import type { FavouriteType } from '../services/favourite';
import { FAVOURITE_PAGE_SIZE, USER_LIST_MAX_SIZE } from '@feiyi/contract/page-sizes';

const service = () => strapi.service('api::favourite.favourite');
const targetOf = (input: unknown) => {
  const { type, targetId } = parse(portalFavouriteTarget, input);
  return { type: type as FavouriteType, targetId };
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
    const { page, size, offset } = pageArgs(ctx.query, FAVOURITE_PAGE_SIZE, USER_LIST_MAX_SIZE);
    const type = ctx.query.type ? targetOf({ type: ctx.query.type, targetId: 1 }).type : undefined;
    const { records, total } = await service().list(userIdOf(ctx), { type, offset, size });
    return pageFrom(records, total, page, size);
  }),
}));

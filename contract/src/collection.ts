import { z } from 'zod';
import { envelope, pageOf, optionalUserId, pageQuery, positiveId, unsupportedKindMessage } from './common.ts';
import { FAVOURITE_PAGE_SIZE, USER_LIST_MAX_SIZE } from './page-sizes.ts';

export const FAVOURITE_TYPES = ['culture', 'heritage', 'news', 'product'] as const;

export const favouriteType = z.string({ error: '缺少收藏类型' }).refine((t) => (FAVOURITE_TYPES as readonly string[]).includes(t), {
  error: (issue) => unsupportedKindMessage('收藏类型', issue.input),
});

export const collectionTargetQuery = z.object({
  userId: optionalUserId,
  type: favouriteType.default('culture'),
  targetId: positiveId('targetId'),
});
export const collectionCheckResponse = envelope(z.boolean());
export const collectionChangeResponse = envelope(z.object({ collected: z.boolean() }));

export const favouriteItem = z
  .object({
    id: z.number().int().describe('被收藏内容的编号'),
    collectionId: z.number().int(),
    type: z.enum(FAVOURITE_TYPES),
    title: z.string(),
    coverImage: z.string(),
    description: z.string(),
    createdTime: z.string(),
  })
  .meta({ id: 'FavouriteItem' });

export const collectionListQuery = pageQuery(FAVOURITE_PAGE_SIZE, USER_LIST_MAX_SIZE).extend({
  userId: optionalUserId,
  type: favouriteType.optional(),
});
export const collectionListResponse = envelope(pageOf(favouriteItem));

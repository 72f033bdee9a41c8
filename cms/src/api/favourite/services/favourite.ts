import type { FAVOURITE_TYPES } from '@feiyi/contract/collection';
import { factories, type Core } from '@strapi/strapi';
import { notFound } from '../../../portal/http';
import { summarizeTargets, targetExists } from '../../../portal/targets';
import { isUniqueViolation } from '../../../portal/unique-violation';

const UID = 'api::favourite.favourite';
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

const keyOf = (userId: number, type: string, targetId: number) => `${userId}:${type}:${targetId}`;

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => ({
  async isFavourite(userId: number, type: FavouriteType, targetId: number): Promise<boolean> {
    return (await strapi.db.query(UID).count({ where: { dedupeKey: keyOf(userId, type, targetId) } })) > 0;
  },

  /** Idempotent: adding twice keeps one favourite. */
  async add(userId: number, type: FavouriteType, targetId: number) {
    if (!(await targetExists(strapi, type, targetId))) throw notFound('要收藏的内容不存在');
    const dedupeKey = keyOf(userId, type, targetId);
    const existing = await strapi.db.query(UID).findOne({ where: { dedupeKey } });
    if (existing) return { id: existing.id, created: false };
    try {
      const created = await strapi.documents(UID).create({ data: { user: userId, targetType: type, targetId, dedupeKey } });
      const row = await strapi.db.query(UID).findOne({ where: { documentId: created.documentId } });
      return { id: row.id as number, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const row = await strapi.db.query(UID).findOne({ where: { dedupeKey } });
      return { id: row.id as number, created: false };
    }
  },

  /** Idempotent: removing what is not there succeeds. */
  async remove(userId: number, type: FavouriteType, targetId: number) {
    const removed = await strapi.db.query(UID).deleteMany({ where: { dedupeKey: keyOf(userId, type, targetId) } });
    return { removed: removed.count > 0 };
  },

  async list(userId: number, options: { type?: FavouriteType; offset: number; size: number }) {
    const where: Record<string, unknown> = { user: { id: userId } };
    if (options.type) where.targetType = options.type;
    const [rows, total] = await Promise.all([
      strapi.db
        .query(UID)
        .findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], offset: options.offset, limit: options.size }),
      strapi.db.query(UID).count({ where }),
    ]);
    const favourites = rows as Array<{ id: number; targetType: FavouriteType; targetId: number; createdAt: string }>;
    const summaries = new Map<string, Awaited<ReturnType<typeof summarizeTargets>>>();
    for (const type of new Set(favourites.map((f) => f.targetType))) {
      summaries.set(
        type,
        await summarizeTargets(
          strapi,
          type,
          favourites.filter((f) => f.targetType === type).map((f) => f.targetId),
        ),
      );
    }
    return {
      total,
      records: favourites.map((f) => {
        const summary = summaries.get(f.targetType)?.get(f.targetId);
        return {
          id: f.targetId,
          collectionId: f.id,
          type: f.targetType,
          title: summary?.title ?? '（内容已下线）',
          coverImage: summary?.coverImage ?? '',
          description: summary?.description ?? '',
          createdTime: f.createdAt,
        };
      }),
    };
  },

  async count(userId: number) {
    return strapi.db.query(UID).count({ where: { user: { id: userId } } });
  },
}));

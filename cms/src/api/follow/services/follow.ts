import { factories, type Core } from '@strapi/strapi';
import { notFound } from '../../../portal/http';
import { targetExists } from '../../../portal/targets';
import { isUniqueViolation } from '../../../portal/unique-violation';
import * as MESSAGES from '@feiyi/contract/messages';

const UID = 'api::follow.follow';
const keyOf = (userId: number, inheritorId: number) => `${userId}:${inheritorId}`;

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => ({
  async isFollowing(userId: number, inheritorId: number) {
    return (await strapi.db.query(UID).count({ where: { dedupeKey: keyOf(userId, inheritorId) } })) > 0;
  },

  /** Idempotent under repeated clicks: one row per user and inheritor (unique index). */
  async follow(userId: number, inheritorId: number) {
    if (!(await targetExists(strapi, 'inheritor', inheritorId))) throw notFound(MESSAGES.inheritor.notFound);
    const dedupeKey = keyOf(userId, inheritorId);
    if (await strapi.db.query(UID).findOne({ where: { dedupeKey }, select: ['id'] })) return { isFollowing: true };
    try {
      await strapi.documents(UID).create({ data: { user: userId, inheritorPid: inheritorId, dedupeKey } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return { isFollowing: true };
  },

  async unfollow(userId: number, inheritorId: number) {
    await strapi.db.query(UID).deleteMany({ where: { dedupeKey: keyOf(userId, inheritorId) } });
    return { isFollowing: false };
  },

  async count(userId: number) {
    return strapi.db.query(UID).count({ where: { user: { id: userId } } });
  },

  async list(userId: number, options: { offset: number; size: number }) {
    const rows = (await strapi.db.query(UID).findMany({
      where: { user: { id: userId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      offset: options.offset,
      limit: options.size,
    })) as Array<{ inheritorPid: number; createdAt: string }>;
    const inheritors = await strapi.db.query('api::inheritor.inheritor').findMany({
      where: { pid: { $in: rows.map((r) => r.inheritorPid) }, publishedAt: { $notNull: true } },
      populate: { images: true, category: true },
    });
    const byPid = new Map(inheritors.map((i: { pid: number }) => [i.pid, i]));
    return rows
      .map((row) => byPid.get(row.inheritorPid) as Record<string, unknown> | undefined)
      .filter((i): i is Record<string, unknown> => Boolean(i))
      .map((i) => ({
        id: i.pid as number,
        inheritorName: String(i.name),
        skillType: String(i.skillType),
        categoryName: String((i.category as { name?: string } | null)?.name ?? ''),
        profileImages: ((i.images as Array<{ url: string }> | null) ?? []).map((m) => m.url),
      }));
  },
}));

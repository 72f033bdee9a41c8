import type { Core, UID } from '@strapi/strapi';

/** Published content addressed by its stable pid (the ids the API's URLs and bodies carry). */
export async function findPublishedByPid(strapi: Core.Strapi, uid: UID.ContentType, pid: number, populate?: Record<string, unknown>) {
  return strapi.db.query(uid).findOne({ where: { pid, publishedAt: { $notNull: true } }, populate });
}

export async function findPublishedByPids(
  strapi: Core.Strapi,
  uid: UID.ContentType,
  pids: readonly number[],
  populate?: Record<string, unknown>,
) {
  if (pids.length === 0) return [];
  return strapi.db.query(uid).findMany({ where: { pid: { $in: [...new Set(pids)] }, publishedAt: { $notNull: true } }, populate });
}

export const mediaUrl = (media: unknown): string => {
  if (!media) return '';
  if (Array.isArray(media)) return mediaUrl(media[0]);
  return String((media as { url?: string }).url ?? '');
};

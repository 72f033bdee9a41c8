import type { Core, UID } from '@strapi/strapi';
import { findPublishedByPids, mediaUrl } from './catalogue';

/** What favourites and browse records point at: the API's type names, mapped to content types. */
export const TARGETS = {
  culture: { uid: 'api::culture.culture', title: 'title', image: 'cover', text: 'description' },
  heritage: { uid: 'api::heritage-page.heritage-page', title: 'title', image: 'cover', text: 'summary' },
  news: { uid: 'api::news-item.news-item', title: 'title', image: 'cover', text: 'summary' },
  product: { uid: 'api::product.product', title: 'name', image: 'cover', text: 'description' },
  inheritor: { uid: 'api::inheritor.inheritor', title: 'name', image: 'images', text: 'skillType' },
  event: { uid: 'api::workshop.workshop', title: 'title', image: 'image', text: 'description' },
} as const satisfies Record<string, { uid: UID.ContentType; title: string; image: string; text: string }>;

export type TargetType = keyof typeof TARGETS;

export interface TargetSummary {
  title: string;
  coverImage: string;
  description: string;
}

/** Titles, images and descriptions of the given published targets, keyed by pid. */
export async function summarizeTargets(
  strapi: Core.Strapi,
  type: TargetType,
  pids: readonly number[],
): Promise<Map<number, TargetSummary>> {
  const target = TARGETS[type];
  const rows = await findPublishedByPids(strapi, target.uid, pids, { [target.image]: true });
  return new Map(
    rows.map((row: Record<string, unknown>) => [
      row.pid as number,
      { title: String(row[target.title] ?? ''), coverImage: mediaUrl(row[target.image]), description: String(row[target.text] ?? '') },
    ]),
  );
}

export async function targetExists(strapi: Core.Strapi, type: TargetType, pid: number): Promise<boolean> {
  const count = await strapi.db.query(TARGETS[type].uid).count({ where: { pid, publishedAt: { $notNull: true } } });
  return count > 0;
}

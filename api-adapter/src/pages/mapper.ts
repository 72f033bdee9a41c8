import type { z } from 'zod';
import type { strapiHeritagePage, strapiNewsItem } from '../content/strapi-shapes.ts';
import { mediaUrl } from '../culture/mapper.ts';

export function toNewsItem(doc: z.infer<typeof strapiNewsItem>, origin: string) {
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    summary: doc.summary ?? '',
    desc: doc.desc ?? '',
    body: doc.body ?? '',
    date: doc.date.slice(0, 10),
    coverImage: mediaUrl(origin, doc.cover),
    videoPath: mediaUrl(origin, doc.video),
    source: doc.source ?? '',
  };
}

export function toHeritagePage(doc: z.infer<typeof strapiHeritagePage>, origin: string) {
  return {
    id: doc.pid ?? doc.id,
    slug: doc.slug,
    title: doc.title,
    subtitle: doc.subtitle ?? '',
    summary: doc.summary ?? '',
    body: doc.body ?? '',
    coverImage: mediaUrl(origin, doc.cover),
    verification: doc.verification ?? 'verified',
    note: doc.note ?? '',
    relatedCultures: (doc.relatedCultures ?? []).filter((c) => c.pid !== null).map((c) => ({ id: c.pid as number, title: c.title })),
  };
}

import { z } from 'zod';
import { mediaUrl, strapiMedia } from '../shared/media.ts';

// What Strapi answers for this domain's published documents (populated server-side).
export const strapiNewsItem = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  title: z.string(),
  summary: z.string().nullable().optional(),
  desc: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  date: z.string(),
  source: z.string().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
  video: strapiMedia.nullable().optional(),
});

export const strapiHeritagePage = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  verification: z.enum(['verified', 'pending']).nullable().optional(),
  note: z.string().nullable().optional(),
  sort: z.number().int().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
  relatedCultures: z
    .array(z.object({ pid: z.number().int().nullable(), title: z.string() }))
    .nullable()
    .optional(),
});

export const strapiHomePage = z.object({
  heroTitle: z.string().nullable().optional(),
  heroSubtitle: z.string().nullable().optional(),
  hotCultures: z
    .array(z.object({ pid: z.number().int().nullable() }))
    .nullable()
    .optional(),
  showcaseInheritors: z
    .array(z.object({ pid: z.number().int().nullable() }))
    .nullable()
    .optional(),
});

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

import { z } from 'zod';
import { strapiCategory } from '../category/mapper.ts';
import type { CultureItem, CultureProvince } from '@feiyi/contract/culture';
import { strapiProvinceRef } from '../province/mapper.ts';
import { mediaUrl, strapiMedia } from '../shared/media.ts';

// What Strapi answers for a published culture item and its category (populated server-side).
export const strapiCulture = z.object({
  id: z.number().int(),
  documentId: z.string(),
  pid: z.number().int().nullable(),
  slug: z.string().nullable().optional(),
  title: z.string(),
  description: z.string().nullable().optional(),
  content: z.string().nullable().optional(),
  viewCount: z.number().int().nullable().optional(),
  publishedAt: z.string().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
  images: z.array(strapiMedia).nullable().optional(),
  introVideo: strapiMedia.nullable().optional(),
  category: strapiCategory.nullable().optional(),
  province: strapiProvinceRef.nullable().optional(),
  tags: z
    .array(z.object({ name: z.string() }))
    .nullable()
    .optional(),
  listing: z
    .object({
      serial: z.string().nullable().optional(),
      batch: z.string().nullable().optional(),
      batchYear: z.number().int().nullable().optional(),
      region: z.string().nullable().optional(),
      entryKind: z.enum(['new', 'extension']).nullable().optional(),
      unesco: z.string().nullable().optional(),
      source: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type StrapiCulture = z.infer<typeof strapiCulture>;

/** The primary province of a culture document (its `province`, which editors set), as the API names it. */
export const primaryProvince = (doc: StrapiCulture): CultureProvince | null =>
  doc.province ? { id: doc.province.pid, name: doc.province.shortName } : null;

/**
 * Maps a published Strapi culture document to the API's Culture item; `provinces` are all it is listed under
 * (cultureProvinces), by default its primary province alone.
 */
export function toCultureItem(doc: StrapiCulture, origin: string, provinces?: CultureProvince[]): CultureItem {
  const listing = doc.listing;
  const primary = primaryProvince(doc);
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    content: doc.content ?? '',
    coverImage: mediaUrl(origin, doc.cover),
    images: (doc.images ?? []).map((image) => mediaUrl(origin, image)).join('\n'),
    introVideo: mediaUrl(origin, doc.introVideo),
    categoryId: doc.category?.code ?? null,
    categoryName: doc.category?.name ?? null,
    type: doc.category?.officialName ?? null,
    viewCount: doc.viewCount ?? 0,
    description: doc.description ?? '',
    tagNames: (doc.tags ?? []).map((tag) => tag.name),
    provinceId: primary?.id ?? null,
    provinceName: primary?.name ?? null,
    provinces: provinces ?? (primary ? [primary] : []),
    facts: listing
      ? {
          serial: listing.serial ?? null,
          batch: listing.batch ?? null,
          batchYear: listing.batchYear ?? null,
          region: listing.region ?? null,
          entryKind: listing.entryKind ?? null,
          unesco: listing.unesco ?? null,
          source: listing.source ?? null,
        }
      : null,
    publishedAt: doc.publishedAt ?? null,
  };
}

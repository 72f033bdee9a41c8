import { z } from 'zod';

// What Strapi's REST API answers for the public content the adapter maps (populated server-side).
export const strapiMedia = z.object({
  url: z.string(),
  mime: z.string().optional(),
  alternativeText: z.string().nullable().optional(),
});

export const strapiCategory = z.object({
  code: z.number().int(),
  name: z.string(),
  officialName: z.string(),
  sort: z.number().int().nullable().optional(),
  description: z.string().nullable().optional(),
});

export const strapiProvinceRef = z.object({
  pid: z.number().int(),
  name: z.string(),
  shortName: z.string(),
});

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
export type StrapiCategory = z.infer<typeof strapiCategory>;
export type StrapiMedia = z.infer<typeof strapiMedia>;

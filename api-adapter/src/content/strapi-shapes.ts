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

export const strapiProvince = z.object({
  pid: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  adcode: z.number().int(),
  culture: z.string().nullable().optional(),
});

export const strapiInheritor = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  name: z.string(),
  item: z.string().nullable().optional(),
  skillType: z.string(),
  level: z.enum(['national', 'provincial']).nullable().optional(),
  batch: z.string().nullable().optional(),
  batchYear: z.number().int().nullable().optional(),
  introduction: z.string().nullable().optional(),
  skillFeatures: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  images: z.array(strapiMedia).nullable().optional(),
  category: strapiCategory.pick({ code: true, name: true, officialName: true }).nullable().optional(),
  province: strapiProvinceRef.nullable().optional(),
});

export const strapiPolicy = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  pubDate: z.string(),
  datePrecision: z.enum(['day', 'year']).nullable().optional(),
  issuer: z.string().nullable().optional(),
  docNumber: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
});

export const strapiTimelineEntry = z.object({
  year: z.number().int(),
  title: z.string(),
  passage: z.string(),
  note: z.string().nullable().optional(),
  policy: z.object({ pid: z.number().int().nullable() }).nullable().optional(),
});

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

export const strapiProduct = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable().optional(),
  price: z.union([z.number(), z.string()]),
  stock: z.number().int(),
  categoryId: z.number().int(),
  relatedItem: z.string().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
  images: z.array(strapiMedia).nullable().optional(),
});

export const strapiDonationProject = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable().optional(),
  targetAmount: z.number().int().nullable().optional(),
  beneficiary: z.string().nullable().optional(),
  relatedItem: z.string().nullable().optional(),
  sort: z.number().int().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
});

export const strapiWorkshop = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  title: z.string(),
  price: z.union([z.number(), z.string()]),
  seats: z.number().int(),
  seatsBooked: z.number().int().nullable().optional(),
  startTime: z.string(),
  durationMinutes: z.number().int().nullable().optional(),
  location: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  image: strapiMedia.nullable().optional(),
  highlights: z
    .array(z.object({ text: z.string() }))
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

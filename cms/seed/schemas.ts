import { z } from 'zod';

// The reviewable seed files in seed/data, validated before anything is written.
const key = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'key must be ASCII kebab-case');
const code = z.number().int().min(66).max(75);
const shortProvince = z.string().min(2).max(4);
const year = z.number().int().min(1900).max(2100);
// A national-list serial: the category's Roman numeral and the item's number (Ⅳ-28).
const serial = z.string().regex(/^[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ]-\d+$/, 'serial must look like Ⅳ-28');
const cjkLength = (min: number, max: number) =>
  z.string().refine((s) => [...s].length >= min && [...s].length <= max, { message: `length must be ${min}–${max} characters` });

export const categorySeed = z.object({
  code,
  name: z.string().min(2),
  officialName: z.string().min(2),
  sort: z.number().int(),
  description: z.string().min(10),
});

export const provinceSeed = z.object({
  name: z.string().min(2),
  shortName: shortProvince,
  code: z.string().regex(/^[a-z]+$/),
  adcode: z.number().int(),
  sort: z.number().int().min(1).max(34),
  culture: cjkLength(80, 200),
});

export const cultureSeed = z.object({
  key,
  title: z.string().min(2).max(80),
  category: code,
  // The primary province (the card's and fact card's): the one province the item's entry was declared in, or,
  // where it was declared in several, the item's well-established home with `provinceNote` saying why; else null.
  province: shortProvince.nullable(),
  provinceNote: z.string().min(4).max(60).optional(),
  // The national entry the item stands for (checked against seed/facts/national by national-facts.test.ts);
  // null where the item is not one national entry (a UNESCO element spanning several, a programme).
  region: z.string().max(120).nullable(),
  serial: serial.nullable(),
  batchYear: year.nullable(),
  batch: z.string().nullable(),
  entryKind: z.enum(['新增项目', '扩展项目']).nullable(),
  // National items a UNESCO element spans when it is not one of them.
  relatedSerials: z.array(serial).min(1).optional(),
  unesco: z.string().max(200).nullable(),
  // The item is this UNESCO element (its name as in seed/facts/unesco.tsv, without remarks).
  unescoElement: z.string().min(2).optional(),
  description: cjkLength(30, 200),
  content: z.array(z.string().min(1)).min(2),
  tags: z.array(z.string().min(1).max(30)).min(1).max(8),
  source: z.string().min(3),
});

export const inheritorSeed = z.object({
  key,
  name: z.string().min(2).max(10),
  // The national item's name and serial, and the declaring region, as in seed/facts/national/inheritors.tsv.
  item: z.string(),
  serial: serial.nullable(),
  region: z.string().nullable(),
  skillType: z.string().min(2).max(40),
  category: code,
  batch: z.string(),
  batchYear: year,
  province: shortProvince.nullable(),
  gender: z.enum(['男', '女']).nullable(),
  birthYear: year.nullable(),
  level: z.enum(['national', 'provincial']),
  introduction: z.string().min(60),
  skillFeatures: z.string().min(30),
  source: z.string(),
});

export const policySeed = z.object({
  key,
  title: z.string().min(4),
  pubDate: z.iso.date(),
  datePrecision: z.enum(['day', 'year']),
  issuer: z.string(),
  docNumber: z.string().nullable(),
  content: z.string().min(40),
  source: z.string(),
});

export const timelineSeed = z.object({
  year,
  title: z.string().min(2).max(40),
  passage: z.string().min(20),
  policyKey: key,
  note: z.string().nullable(),
});

export const newsSeed = z.object({
  key,
  title: z.string().min(4).max(60),
  summary: z.string().min(10).max(120),
  desc: z.string().min(10),
  date: z.iso.date(),
  body: z.array(z.string().min(1)).min(1),
  source: z.string(),
});

export const heritagePageSeed = z.object({
  slug: z.string().regex(/^[a-z]+(-[a-z]+)*$/),
  title: z.string().min(2).max(20),
  subtitle: z.string().max(40),
  summary: z.string(),
  body: z.array(z.string()).min(1),
  relatedItems: z.array(z.string()),
  verification: z.enum(['verified', 'pending']),
  note: z.string(),
});

export const productSeed = z.object({
  key,
  name: z.string().min(2).max(40),
  description: z.string().min(20),
  price: z.string().regex(/^\d+\.\d{2}$/),
  stock: z.number().int().min(0),
  category: z.union([z.literal(1), z.literal(2)]),
  relatedItem: z.string(),
  motif: z.enum(['seal', 'cloud', 'meander', 'wave', 'lattice']),
});

export const donationProjectSeed = z.object({
  key,
  title: z.string().min(2).max(40),
  description: z.string().min(20),
  targetAmount: z.number().int().min(0),
  relatedItem: z.string(),
  beneficiary: z.string(),
});

export const workshopSeed = z.object({
  key,
  title: z.string().min(2).max(40),
  price: z.number().positive(),
  seats: z.number().int().min(1),
  startTime: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(0),
  location: z.string(),
  description: z.string(),
  highlights: z.array(z.string().max(60)),
});

export const homeSeed = z.object({
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  hotCultures: z.array(key).length(9),
  showcaseInheritors: z.array(key).length(5),
});

export type CategorySeed = z.infer<typeof categorySeed>;
export type ProvinceSeed = z.infer<typeof provinceSeed>;
export type CultureSeed = z.infer<typeof cultureSeed>;
export type InheritorSeed = z.infer<typeof inheritorSeed>;
export type PolicySeed = z.infer<typeof policySeed>;
export type TimelineSeed = z.infer<typeof timelineSeed>;
export type NewsSeed = z.infer<typeof newsSeed>;
export type HeritagePageSeed = z.infer<typeof heritagePageSeed>;
export type ProductSeed = z.infer<typeof productSeed>;
export type DonationProjectSeed = z.infer<typeof donationProjectSeed>;
export type WorkshopSeed = z.infer<typeof workshopSeed>;
export type HomeSeed = z.infer<typeof homeSeed>;

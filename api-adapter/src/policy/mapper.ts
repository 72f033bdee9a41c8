import { z } from 'zod';

// What Strapi answers for this domain's published documents (populated server-side).
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

export function toPolicy(doc: z.infer<typeof strapiPolicy>) {
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    content: doc.content,
    pubDate: doc.pubDate.slice(0, 10),
    datePrecision: doc.datePrecision ?? 'day',
    issuer: doc.issuer ?? '',
    docNumber: doc.docNumber ?? null,
    source: doc.source ?? '',
  };
}

export function toTimelineEntry(doc: z.infer<typeof strapiTimelineEntry>) {
  return { year: doc.year, title: doc.title, passage: doc.passage, policyId: doc.policy?.pid ?? null, note: doc.note ?? null };
}

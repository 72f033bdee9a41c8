import type { z } from 'zod';
import type { strapiPolicy, strapiTimelineEntry } from '../content/strapi-shapes.ts';

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

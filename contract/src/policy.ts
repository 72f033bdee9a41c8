import { z } from 'zod';
import { envelope } from './common.ts';

export const policy = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    pubDate: z.string().describe('YYYY-MM-DD'),
    datePrecision: z.enum(['day', 'year']).describe('year：只知道年份'),
    issuer: z.string(),
    docNumber: z.string().nullable(),
    source: z.string(),
  })
  .meta({ id: 'Policy' });
export type Policy = z.infer<typeof policy>;
export const policyListResponse = envelope(z.object({ policies: z.array(policy) }));

export const timelineEntry = z
  .object({
    year: z.number().int(),
    title: z.string(),
    passage: z.string(),
    policyId: z.number().int().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: 'TimelineEntry' });
export const timelineResponse = envelope(z.object({ timeline: z.array(timelineEntry) }));

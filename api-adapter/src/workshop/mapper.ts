import { roundYuan } from '@feiyi/contract/money';
import { z } from 'zod';
import { mediaUrl, strapiMedia } from '../shared/media.ts';

// What Strapi answers for this domain's published documents (populated server-side).
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

export function toWorkshop(doc: z.infer<typeof strapiWorkshop>, origin: string) {
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    price: roundYuan(Number(doc.price)),
    seats: doc.seats,
    seatsLeft: Math.max(0, doc.seats - (doc.seatsBooked ?? 0)),
    startTime: doc.startTime,
    durationMinutes: doc.durationMinutes ?? null,
    location: doc.location ?? '',
    image: mediaUrl(origin, doc.image),
    description: doc.description ?? '',
    highlights: (doc.highlights ?? []).map((h) => h.text),
  };
}

import type { z } from 'zod';
import type { strapiWorkshop } from '../content/strapi-shapes.ts';
import { mediaUrl } from '../culture/mapper.ts';

export function toWorkshop(doc: z.infer<typeof strapiWorkshop>, origin: string) {
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    price: Math.round(Number(doc.price) * 100) / 100,
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

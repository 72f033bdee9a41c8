import { z } from 'zod';
import { mediaUrl, strapiMedia } from '../shared/media.ts';

// What Strapi answers for this domain's published documents (populated server-side).
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

export function toDonationProject(doc: z.infer<typeof strapiDonationProject>, origin: string) {
  return {
    id: doc.pid ?? doc.id,
    title: doc.title,
    image: mediaUrl(origin, doc.cover),
    description: doc.description ?? '',
    targetAmount: doc.targetAmount ?? 0,
    beneficiary: doc.beneficiary ?? '',
    relatedItem: doc.relatedItem ?? '',
  };
}

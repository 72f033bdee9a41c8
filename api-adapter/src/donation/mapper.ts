import type { z } from 'zod';
import type { strapiDonationProject } from '../content/strapi-shapes.ts';
import { mediaUrl } from '../culture/mapper.ts';

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

import type { z } from 'zod';
import type { Inheritor } from '../contract/inheritor.ts';
import type { strapiInheritor } from '../content/strapi-shapes.ts';
import { mediaUrl } from '../culture/mapper.ts';

export const LEVEL_TEXT = { 1: '国家级', 2: '省级' } as const;

export function toInheritor(doc: z.infer<typeof strapiInheritor>, origin: string): Required<Inheritor> {
  const status = doc.level === 'provincial' ? 2 : 1;
  return {
    id: doc.pid ?? doc.id,
    inheritorName: doc.name,
    skillType: doc.skillType,
    profileImages: (doc.images ?? []).map((image) => mediaUrl(origin, image)).join(','),
    status,
    levelText: LEVEL_TEXT[status],
    categoryId: doc.category?.code ?? null,
    categoryName: doc.category?.name ?? null,
    provinceName: doc.province?.shortName ?? null,
    batch: doc.batch ?? null,
    batchYear: doc.batchYear ?? null,
    item: doc.item ?? null,
    introduction: doc.introduction ?? '',
    skillDescription: doc.skillFeatures ?? '',
    source: doc.source ?? '',
  };
}

/** What a guest may see: name, skill type, image and level; no introduction or skill features. */
export function guestView(inheritor: Inheritor): Inheritor {
  const { introduction: _introduction, skillDescription: _skill, source: _source, ...rest } = inheritor;
  return rest;
}

import { z } from 'zod';
import type { Inheritor } from '@feiyi/contract/inheritor';
import { nationalInheritorPath, type NationalInheritor } from '@feiyi/contract/national';
import { absoluteUrl, mediaUrl, strapiMedia } from '../shared/media.ts';
import { strapiCategory } from '../category/mapper.ts';
import { strapiProvinceRef } from '../province/mapper.ts';
import * as MESSAGES from '@feiyi/contract/messages';

// What Strapi answers for this domain's published documents (populated server-side).
export const strapiInheritor = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  name: z.string(),
  item: z.string().nullable().optional(),
  itemSerial: z.string().nullable().optional(),
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

export const LEVEL_TEXT = { 1: '国家级', 2: '省级' } as const;
/** The text shown where an inheritor has no introduction. */
export const NO_INTRODUCTION = MESSAGES.inheritor.noBio;
/** The generated name seal that stands in for a portrait. */
export const sealPath = (id: number) => `/api/inheritor/${id}/seal.svg`;

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
    serial: doc.itemSerial ?? null,
    href: `/inheritors/${doc.pid ?? doc.id}`,
    introduction: doc.introduction ?? '',
    skillDescription: doc.skillFeatures ?? '',
    source: doc.source ?? '',
  };
}

/** A national inheritor known only from the list: its facts, a name seal for a picture, no prose. */
export function fromNationalList(person: NationalInheritor, categoryTitle: string | null, origin: string): Required<Inheritor> {
  return {
    id: person.id,
    inheritorName: person.name,
    skillType: person.item,
    profileImages: absoluteUrl(origin, sealPath(person.id)),
    status: 1,
    levelText: LEVEL_TEXT[1],
    categoryId: person.categoryId,
    categoryName: categoryTitle,
    provinceName: person.provinceName,
    batch: person.batch,
    batchYear: person.batchYear,
    item: person.item,
    serial: person.serial,
    href: nationalInheritorPath(person.serial, person.id),
    introduction: NO_INTRODUCTION,
    skillDescription: '',
    source: '',
  };
}

/** What a guest may see: name, skill type, image and level; no introduction or skill features. */
export function guestView(inheritor: Inheritor): Inheritor {
  const { introduction: _introduction, skillDescription: _skill, source: _source, ...rest } = inheritor;
  return rest;
}

import { z } from 'zod';
import type { Province } from '@feiyi/contract/province';

// What Strapi answers for a province, and for a province related to another document.
export const strapiProvince = z.object({
  pid: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  code: z.string(),
  adcode: z.number().int(),
  culture: z.string().nullable().optional(),
});

export const strapiProvinceRef = z.object({
  pid: z.number().int(),
  name: z.string(),
  shortName: z.string(),
});

export function toProvince(doc: z.infer<typeof strapiProvince>, cultureCount: number): Province {
  return {
    id: doc.pid,
    name: doc.shortName,
    fullName: doc.name,
    code: doc.code,
    adcode: doc.adcode,
    culture: doc.culture ?? '',
    cultureCount,
  };
}

/** Keys a province can be looked up by: pinyin code, adcode, short or full name (with or without 省/市…). */
export function provinceKeys(province: Province): string[] {
  return [province.code, String(province.adcode), province.name, province.fullName].map((key) => key.toLowerCase());
}

export { simplifyProvinceName } from '@feiyi/contract/province';

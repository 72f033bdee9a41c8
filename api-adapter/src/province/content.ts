import { view } from '../content/store.ts';
import type { Province } from '@feiyi/contract/province';
import { culturesByProvince } from '../culture/content.ts';
import { byId } from '../shared/index-by.ts';
import { provinceDocuments } from './documents.ts';
import { provinceKeys, toProvince } from './mapper.ts';

/** The 34 province-level units, each with the number of published culture items listed under it. */
export const provinces = view('content', [provinceDocuments, culturesByProvince], (read): Province[] =>
  read(provinceDocuments).map((p) => toProvince(p, read(culturesByProvince).get(p.pid)?.length ?? 0)),
);
export const provinceById = view('content', [provinces], (read) => byId(read(provinces)));
/** Every key a province can be looked up by (see provinceKeys). */
export const provinceByKey = view('content', [provinces], (read) => {
  const index = new Map<string, Province>();
  for (const province of read(provinces)) for (const key of provinceKeys(province)) index.set(key, province);
  return index;
});

export const provinceContent = [provinces, provinceById, provinceByKey];

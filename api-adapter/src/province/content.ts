import { collection, view } from '../content/store.ts';
import type { Province } from '../contract/province.ts';
import { culturesByProvince } from '../culture/content.ts';
import { byId } from '../shared/index-by.ts';
import { provinceKeys, strapiProvince, toProvince } from './mapper.ts';

const provinceDocuments = collection('content', 'provinces', {
  query: { sort: 'pid:asc' },
  shape: strapiProvince,
  map: (documents) => documents,
});

/** The 34 province-level units, each with its number of published culture items. */
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

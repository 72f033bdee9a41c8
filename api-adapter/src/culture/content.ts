import type { z } from 'zod';
import { collection, type ContentStore, view } from '../content/store.ts';
import type { category as categorySchema, CultureItem } from '@feiyi/contract/culture';
import type { CultureViews } from '@feiyi/contract/portal';
import { nationalListDocument } from '../national/document.ts';
import { provinceDocuments } from '../province/documents.ts';
import { byId, groupBy } from '../shared/index-by.ts';
import { strapiCategory } from '../category/mapper.ts';
import { primaryProvince, type StrapiCulture, strapiCulture, toCultureItem } from './mapper.ts';
import { cultureProvinces } from './provinces.ts';

export type Category = z.infer<typeof categorySchema>;

const cultureDocuments = collection('content', 'cultures', {
  query: { sort: 'pid:asc' },
  shape: strapiCulture,
  map: (documents) => documents,
});

/**
 * Maps one culture document to the API's item, with every province it is listed under (from the national list's
 * entries): the published items below and an editor's preview of a draft (preview/) are made by this same function.
 */
export const cultureItemOf = view('content', [nationalListDocument, provinceDocuments], (read, origin) => {
  const entriesBySerial = groupBy(read(nationalListDocument).entries, (entry) => entry.serial);
  const provinceByName = new Map(read(provinceDocuments).map((p) => [p.shortName, { id: p.pid, name: p.shortName }]));
  return (document: StrapiCulture): CultureItem => {
    const article = { title: document.title, serial: document.listing?.serial ?? null, primary: primaryProvince(document) };
    return toCultureItem(document, origin, cultureProvinces(article, entriesBySerial, provinceByName));
  };
});

/** Published culture items, by id. */
export const cultures = view('content', [cultureDocuments, cultureItemOf], (read) => {
  const itemOf = read(cultureItemOf);
  return read(cultureDocuments)
    .map((document) => itemOf(document))
    .sort((a, b) => a.id - b.id);
});
export const cultureById = view('content', [cultures], (read) => byId(read(cultures)));
export const culturesByCategory = view('content', [cultures], (read) => groupBy(read(cultures), (c) => c.categoryId));
/** The items each province lists: every item with the province among its provinces (its primary or one its entries name). */
export const culturesByProvince = view('content', [cultures], (read) => {
  const lists = new Map<number, CultureItem[]>();
  for (const culture of read(cultures)) {
    for (const province of culture.provinces) lists.set(province.id, [...(lists.get(province.id) ?? []), culture]);
  }
  return lists;
});

const categoryDocuments = collection('content', 'categories', {
  query: { sort: 'sort:asc' },
  shape: strapiCategory,
  map: (documents) => documents,
});

/** The ten categories, each with its number of published items. */
export const categories = view('content', [categoryDocuments, culturesByCategory], (read): Category[] =>
  read(categoryDocuments).map((c) => ({
    id: c.code,
    title: c.name,
    officialName: c.officialName,
    description: c.description ?? '',
    count: read(culturesByCategory).get(c.code)?.length ?? 0,
  })),
);

export const cultureContent = [cultureDocuments, cultureItemOf, cultures, cultureById, culturesByCategory, culturesByProvince, categories];

/** Views of cultures counted by another instance, added to this instance's copy: hot lists move here too. */
export async function countViews(store: ContentStore, views: CultureViews): Promise<void> {
  const byId = (await store.content.get()).get(cultureById);
  for (const { cultureId, count } of views) {
    const culture = byId.get(cultureId);
    if (culture) culture.viewCount += count;
  }
}

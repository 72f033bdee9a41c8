import type { z } from 'zod';
import { collection, view } from '../content/store.ts';
import type { category as categorySchema } from '../contract/culture.ts';
import { byId, groupBy } from '../shared/index-by.ts';
import { strapiCategory } from '../category/mapper.ts';
import { strapiCulture, toCultureItem } from './mapper.ts';

export type Category = z.infer<typeof categorySchema>;

/** Published culture items, by id. */
export const cultures = collection('content', 'cultures', {
  query: { sort: 'pid:asc' },
  shape: strapiCulture,
  map: (documents, origin) => documents.map((document) => toCultureItem(document, origin)).sort((a, b) => a.id - b.id),
});
export const cultureById = view('content', [cultures], (read) => byId(read(cultures)));
export const culturesByCategory = view('content', [cultures], (read) => groupBy(read(cultures), (c) => c.categoryId));
export const culturesByProvince = view('content', [cultures], (read) => groupBy(read(cultures), (c) => c.provinceId));

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

export const cultureContent = [cultures, cultureById, culturesByCategory, culturesByProvince, categories];

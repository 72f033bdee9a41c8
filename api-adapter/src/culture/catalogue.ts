import type { CmsClient } from '../cms/client.ts';
import type { CultureItem } from '../contract/culture.ts';
import { toCultureItem } from './mapper.ts';
import { strapiCategory, strapiCulture, type StrapiCategory } from './strapi-shapes.ts';

/** Everything public about cultures, held in memory by the adapter (see cache/snapshot.ts). */
export interface CultureCatalogue {
  cultures: CultureItem[];
  byId: Map<number, CultureItem>;
  categories: StrapiCategory[];
}

export async function loadCultureCatalogue(cms: CmsClient, origin: string): Promise<CultureCatalogue> {
  const [rawCultures, rawCategories] = await Promise.all([
    cms.listAll('cultures', { sort: 'pid:asc' }),
    cms.listAll('categories', { sort: 'sort:asc' }),
  ]);
  const cultures = rawCultures.map((raw) => toCultureItem(strapiCulture.parse(raw), origin));
  cultures.sort((a, b) => a.id - b.id);
  return {
    cultures,
    byId: new Map(cultures.map((culture) => [culture.id, culture])),
    categories: rawCategories.map((raw) => strapiCategory.parse(raw)),
  };
}

export function filterByCategory(cultures: readonly CultureItem[], category: number | undefined): readonly CultureItem[] {
  return category === undefined ? cultures : cultures.filter((culture) => culture.categoryId === category);
}

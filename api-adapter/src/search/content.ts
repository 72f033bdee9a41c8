import { view } from '../content/store.ts';
import { categories, cultures } from '../culture/content.ts';
import { sealPath } from '../inheritor/mapper.ts';
import { nationalList } from '../national/content.ts';
import { hitKindOrder, searchHits } from '../national/search.ts';
import { absoluteUrl } from '../shared/media.ts';
import { SearchIndex } from './index.ts';

/** The spec's search: culture articles, then the national list's items and inheritors (≈ 5,650 hits). */
export const siteSearch = view('content', [cultures, nationalList, categories], (read, origin) => {
  const title = new Map(read(categories).map((c) => [c.id, c.title]));
  return new SearchIndex(
    searchHits(read(cultures), read(nationalList), {
      sealUrl: (id) => absoluteUrl(origin, sealPath(id)),
      categoryTitle: (id) => title.get(id) ?? null,
    }),
    { kindOf: hitKindOrder },
  );
});

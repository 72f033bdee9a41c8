import { view } from '../content/store.ts';
import { categories, cultures } from '../culture/content.ts';
import { sealPath } from '../inheritor/mapper.ts';
import { nationalList } from '../national/content.ts';
import { hitKindOrder, searchHits } from '../national/search.ts';
import { provinceDocuments } from '../province/documents.ts';
import { absoluteUrl } from '../shared/media.ts';
import type { SearchHit } from '@feiyi/contract/culture';
import { SearchIndex } from './index.ts';

/**
 * The last index built, so the next copy's index keeps the kinds whose texts did not change (SearchIndex reuses by the
 * texts themselves: an index of another copy, or of another store in the same process, is never wrong, only not reused).
 */
let latest: SearchIndex<SearchHit> | undefined;

/** The site search: culture articles, then the national list's items and inheritors (≈ 5,650 hits). */
export const siteSearch = view('content', [cultures, nationalList, categories, provinceDocuments], (read, origin) => {
  const title = new Map(read(categories).map((c) => [c.id, c.title]));
  const province = new Map(read(provinceDocuments).map((p) => [p.shortName, { id: p.pid, name: p.shortName }]));
  latest = new SearchIndex(
    searchHits(read(cultures), read(nationalList), {
      sealUrl: (id) => absoluteUrl(origin, sealPath(id)),
      categoryTitle: (id) => title.get(id) ?? null,
      province: (name) => province.get(name),
    }),
    { kindOf: hitKindOrder, previous: latest },
  );
  return latest;
});

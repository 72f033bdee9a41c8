import type { CultureItem } from '@feiyi/contract';
import { memoized, memoizedBy } from './build-memo.ts';
import { fetchCategories, fetchCulturePage, fetchHeritagePages, fetchNewsList, fetchProvinces } from '../api/index.ts';

/**
 * Build-time reads for the static pages. All I/O lives in the one API module (../api/); these names
 * (fetchCulturePage, fetchHome, …) stay importable from here for the pages that use them.
 */
export * from '../api/index.ts';

/** Every published culture item, in id order (pages of 50, the API's largest); one build reads it once (build-memo.ts). */
export const allCultures: () => Promise<CultureItem[]> = memoized('cultures', async () => {
  const first = await fetchCulturePage({ size: 50 });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => fetchCulturePage({ size: 50, page: i + 2 })),
  );
  return [first, ...rest].flatMap((page) => page.records).sort((a, b) => a.id - b.id);
});

/**
 * One culture item, looked up in the list: a page that shows one item depends on that item only (after a publish the
 * render service renders again the pages whose memoized values changed, not every page that used the list).
 */
export const cultureById: (id: number) => Promise<CultureItem | undefined> = memoizedBy('culture', async (id) =>
  (await allCultures()).find((culture) => culture.id === Number(id)),
);

export const allCategories = memoized('categories', () => fetchCategories());
export const allProvinces = memoized('provinces', () => fetchProvinces());
export const allHeritagePages = memoized('heritage', () => fetchHeritagePages());
export const allNews = memoized('news', () => fetchNewsList());

import type { CultureItem } from '@feiyi/contract';
import { buildOnce } from './build-memo.ts';
import { fetchCategories, fetchCulturePage, fetchHeritagePages, fetchNewsList, fetchProvinces } from '../api/index.ts';

/**
 * Build-time reads for the static pages. All I/O lives in the one API module (../api/); these names
 * (fetchCulturePage, fetchHome, …) stay importable from here for the pages that use them.
 */
export * from '../api/index.ts';

/** One build reads a list once, however many pages use it (build-memo.ts). */
const once = buildOnce;

/** Every published culture item, in id order (pages of 50, the API's largest). */
export function allCultures(): Promise<CultureItem[]> {
  return once('cultures', async () => {
    const first = await fetchCulturePage({ size: 50 });
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => fetchCulturePage({ size: 50, page: i + 2 })),
    );
    return [first, ...rest].flatMap((page) => page.records).sort((a, b) => a.id - b.id);
  });
}

/**
 * One culture item, looked up in the list: a page that shows one item depends on that item only (after a publish the
 * render service renders again the pages whose memoized values changed, not every page that used the list).
 */
export const cultureById = (id: number) => once(`culture:${id}`, async () => (await allCultures()).find((culture) => culture.id === id));

export const allCategories = () => once('categories', () => fetchCategories());
export const allProvinces = () => once('provinces', () => fetchProvinces());
export const allHeritagePages = () => once('heritage', () => fetchHeritagePages());
export const allNews = () => once('news', () => fetchNewsList());

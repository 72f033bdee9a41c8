import { queryOptions } from '@tanstack/react-query';

/**
 * The nav's search, as a query whose fetcher (ky, the contract's zod schemas) is loaded on the first search: the nav
 * is on every page, and most visits never search. Keys under cultureQueries.all().
 */
const loadClient = () => import('./culture.ts');

/** Starts loading the search's client ahead of the first search (the panel calls it as it opens). */
export const preloadCultureSearch = (): Promise<unknown> => loadClient().catch(() => undefined);

export const lazyCultureSearch = (keyword: string, page = 1) =>
  queryOptions({
    queryKey: ['culture', 'search', keyword.trim(), page],
    queryFn: async ({ signal }) => (await loadClient()).searchCultures(keyword, { page }, signal),
    enabled: keyword.trim() !== '',
  });

import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';
import { HOT_LATEST_CODE } from './rules.ts';
import { CULTURE_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@feiyi/contract/page-sizes';

export interface CulturePageParams {
  category?: number | undefined;
  page?: number;
  size?: number;
}

export async function fetchCulturePage(params: CulturePageParams = {}, signal?: AbortSignal) {
  const searchParams = { category: params.category ?? '', page: params.page ?? 1, size: params.size ?? CULTURE_PAGE_SIZE };
  return (await call('culturePageResponse', '/api/culture/page', { searchParams, signal })).data.page;
}

/** Search (title, tags, summary, text; pinyin and initials). Blank keywords never reach this: see search rules. */
export async function searchCultures(keyword: string, params: { page?: number; size?: number } = {}, signal?: AbortSignal) {
  const searchParams = { keyword: keyword.trim(), page: params.page ?? 1, size: params.size ?? SEARCH_PAGE_SIZE };
  return (await call('cultureSearchResponse', '/api/culture/search', { searchParams, signal })).data.page;
}

export async function fetchCulture(id: number, signal?: AbortSignal) {
  return (await call('cultureDetailResponse', `/api/culture/${id}`, { signal })).data.culture;
}

export async function fetchHotCultures(limit = 3, signal?: AbortSignal) {
  return (await call('hotLatestResponse', '/api/culture/hot', { searchParams: { limit }, signal, successCode: HOT_LATEST_CODE })).data
    .cultures;
}

export async function fetchLatestCultures(limit = 3, signal?: AbortSignal) {
  return (await call('hotLatestResponse', '/api/culture/latest', { searchParams: { limit }, signal, successCode: HOT_LATEST_CODE })).data
    .cultures;
}

export async function fetchCategories(signal?: AbortSignal) {
  return (await call('categoriesResponse', '/api/categories', { signal })).data.categories;
}

export const cultureQueries = {
  all: () => ['culture'] as const,
  pages: () => [...cultureQueries.all(), 'page'] as const,
  page: (params: CulturePageParams) =>
    queryOptions({ queryKey: [...cultureQueries.pages(), params], queryFn: ({ signal }) => fetchCulturePage(params, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...cultureQueries.all(), 'detail', id], queryFn: ({ signal }) => fetchCulture(id, signal) }),
  hot: (limit = 3) =>
    queryOptions({ queryKey: [...cultureQueries.all(), 'hot', limit], queryFn: ({ signal }) => fetchHotCultures(limit, signal) }),
  latest: (limit = 3) =>
    queryOptions({ queryKey: [...cultureQueries.all(), 'latest', limit], queryFn: ({ signal }) => fetchLatestCultures(limit, signal) }),
  categories: () => queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => fetchCategories(signal), staleTime: Infinity }),
};

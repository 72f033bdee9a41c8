import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

export async function fetchHome(signal?: AbortSignal) {
  return (await call('homeResponse', '/api/home', { signal })).data;
}

/** The 15 heritage pages (/textile … /sichuan-opera). */
export async function fetchHeritagePages(signal?: AbortSignal) {
  return (await call('heritageListResponse', '/api/heritage/list', { signal })).data.pages;
}

export async function fetchHeritagePage(idOrSlug: number | string, signal?: AbortSignal) {
  return (await call('heritageResponse', `/api/heritage/${encodeURIComponent(String(idOrSlug))}`, { signal })).data.heritage;
}

export async function fetchNewsList(signal?: AbortSignal) {
  return (await call('newsListResponse', '/api/news/list', { signal })).data.news;
}

export async function fetchNews(id: number, signal?: AbortSignal) {
  return (await call('newsResponse', `/api/news/${id}`, { signal })).data.news;
}

export const contentQueries = {
  home: () => queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => fetchHome(signal) }),
  heritage: () => ['heritage'] as const,
  heritageList: () =>
    queryOptions({ queryKey: [...contentQueries.heritage(), 'list'], queryFn: ({ signal }) => fetchHeritagePages(signal) }),
  heritagePage: (idOrSlug: number | string) =>
    queryOptions({
      queryKey: [...contentQueries.heritage(), 'detail', idOrSlug],
      queryFn: ({ signal }) => fetchHeritagePage(idOrSlug, signal),
    }),
  news: () => ['news'] as const,
  newsList: () => queryOptions({ queryKey: [...contentQueries.news(), 'list'], queryFn: ({ signal }) => fetchNewsList(signal) }),
  newsItem: (id: number) =>
    queryOptions({ queryKey: [...contentQueries.news(), 'detail', id], queryFn: ({ signal }) => fetchNews(id, signal) }),
};

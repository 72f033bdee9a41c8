import { queryOptions } from '@tanstack/react-query';
import * as MESSAGES from '@feiyi/contract/messages';
import { call } from './client.ts';
import { fetchHeritagePage, fetchNews } from './content.ts';
import { fetchCulture } from './culture.ts';
import { ApiError } from './errors.ts';
import { fetchProduct } from './product.ts';

export type FavouriteType = 'culture' | 'heritage' | 'news' | 'product';

export async function checkFavourite(targetId: number, type: FavouriteType = 'culture', signal?: AbortSignal) {
  return (await call('collectionCheckResponse', '/api/collection/check', { searchParams: { type, targetId }, signal })).data;
}

export async function addFavourite(targetId: number, type: FavouriteType = 'culture') {
  return call('collectionChangeResponse', '/api/collection', { method: 'post', searchParams: { type, targetId } });
}

export async function removeFavourite(targetId: number, type: FavouriteType = 'culture') {
  return call('collectionChangeResponse', '/api/collection', { method: 'delete', searchParams: { type, targetId } });
}

export async function fetchFavourites(params: { page?: number; size?: number; type?: FavouriteType } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? 6, type: params.type };
  return (await call('collectionListResponse', '/api/collection/list', { searchParams, signal })).data;
}

/** The visitor's favourites (the API calls them collections: /api/collection/…). */
export const favouriteQueries = {
  all: () => ['favourite'] as const,
  check: (targetId: number, type: FavouriteType = 'culture') =>
    queryOptions({
      queryKey: [...favouriteQueries.all(), 'check', type, targetId],
      queryFn: ({ signal }) => checkFavourite(targetId, type, signal),
    }),
  list: (page = 1, size = 6) =>
    queryOptions({
      queryKey: [...favouriteQueries.all(), 'list', { page, size }],
      queryFn: ({ signal }) => fetchFavourites({ page, size }, signal),
    }),
  detail: (type: string, id: number) =>
    queryOptions({
      queryKey: [...favouriteQueries.all(), 'detail', type, id],
      queryFn: ({ signal }) => fetchFavouriteDetail(type, id, signal),
    }),
};

/** A favourite's own content, fetched by its type: a culture item, heritage page, news item or product. */
export type FavouriteDetail =
  | { type: 'culture'; culture: Awaited<ReturnType<typeof fetchCulture>> }
  | { type: 'heritage'; heritage: Awaited<ReturnType<typeof fetchHeritagePage>> }
  | { type: 'news'; news: Awaited<ReturnType<typeof fetchNews>> }
  | { type: 'product'; product: Awaited<ReturnType<typeof fetchProduct>> };

/** Throws '不支持的收藏类型：{type}' for a type the portal does not know. */
export async function fetchFavouriteDetail(type: string, id: number, signal?: AbortSignal): Promise<FavouriteDetail> {
  switch (type) {
    case 'culture':
      return { type, culture: await fetchCulture(id, signal) };
    case 'heritage':
      return { type, heritage: await fetchHeritagePage(id, signal) };
    case 'news':
      return { type, news: await fetchNews(id, signal) };
    case 'product':
      return { type, product: await fetchProduct(id, signal) };
    default:
      throw new ApiError('config', MESSAGES.favourite.unsupportedType(type));
  }
}

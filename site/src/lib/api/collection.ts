import { queryOptions } from '@tanstack/react-query';
import { collectionChangeResponse, collectionCheckResponse, collectionListResponse } from '@feiyi/api-adapter/contract';
import { call } from './client.ts';

export type FavouriteType = 'culture' | 'heritage' | 'news' | 'product';

export async function checkCollected(targetId: number, type: FavouriteType = 'culture', signal?: AbortSignal) {
  return (await call(collectionCheckResponse, '/api/collection/check', { searchParams: { type, targetId }, signal })).data;
}

export async function addCollection(targetId: number, type: FavouriteType = 'culture') {
  return call(collectionChangeResponse, '/api/collection', { method: 'post', searchParams: { type, targetId } });
}

export async function removeCollection(targetId: number, type: FavouriteType = 'culture') {
  return call(collectionChangeResponse, '/api/collection', { method: 'delete', searchParams: { type, targetId } });
}

export async function fetchCollections(params: { page?: number; size?: number; type?: FavouriteType } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? 6, type: params.type };
  return (await call(collectionListResponse, '/api/collection/list', { searchParams, signal })).data;
}

export const collectionQueries = {
  all: () => ['collection'] as const,
  check: (targetId: number, type: FavouriteType = 'culture') =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'check', type, targetId],
      queryFn: ({ signal }) => checkCollected(targetId, type, signal),
    }),
  list: (page = 1, size = 6) =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'list', { page, size }],
      queryFn: ({ signal }) => fetchCollections({ page, size }, signal),
    }),
};

import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

export async function fetchProvinces(signal?: AbortSignal) {
  return (await call('provinceListResponse', '/api/province/list', { signal })).data.provinces;
}

export async function fetchProvince(id: number, signal?: AbortSignal) {
  return (await call('provinceResponse', `/api/province/${id}`, { signal })).data.province;
}

/** By pinyin code, adcode, short or full name (the map's /area?province={name}). */
export async function fetchProvinceByCode(code: string, signal?: AbortSignal) {
  return (await call('provinceResponse', `/api/province/code/${encodeURIComponent(code)}`, { signal })).data.province;
}

export async function fetchProvinceTypes(id: number, signal?: AbortSignal) {
  return (await call('provinceTypesResponse', `/api/province/${id}/types`, { signal })).data.types;
}

export interface ProvinceCulturesParams {
  page?: number;
  size?: number;
  type?: string | undefined;
}

export async function fetchProvinceCultures(id: number, params: ProvinceCulturesParams = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? 50, type: params.type };
  return (await call('provinceCulturesResponse', `/api/province/${id}/cultures`, { searchParams, signal })).data;
}

export const provinceQueries = {
  all: () => ['province'] as const,
  list: () =>
    queryOptions({ queryKey: [...provinceQueries.all(), 'list'], queryFn: ({ signal }) => fetchProvinces(signal), staleTime: Infinity }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...provinceQueries.all(), 'detail', id], queryFn: ({ signal }) => fetchProvince(id, signal) }),
  byCode: (code: string) =>
    queryOptions({ queryKey: [...provinceQueries.all(), 'code', code], queryFn: ({ signal }) => fetchProvinceByCode(code, signal) }),
  types: (id: number) =>
    queryOptions({ queryKey: [...provinceQueries.all(), 'detail', id, 'types'], queryFn: ({ signal }) => fetchProvinceTypes(id, signal) }),
  cultures: (id: number, params: ProvinceCulturesParams = {}) =>
    queryOptions({
      queryKey: [...provinceQueries.all(), 'detail', id, 'cultures', params],
      queryFn: ({ signal }) => fetchProvinceCultures(id, params, signal),
    }),
};

import { call } from './client.ts';

export interface NationalEntriesParams {
  page?: number;
  size?: number;
  categoryId?: number | undefined;
  /** A province's short name, or 'national' for the entries of national bodies. */
  province?: string | undefined;
  batchYear?: number | undefined;
  kind?: 'new' | 'extension' | undefined;
}

/** The national list's entries, paged (size up to 100) and filtered. */
export async function fetchNationalEntries(params: NationalEntriesParams = {}, signal?: AbortSignal) {
  const searchParams = { ...params, page: params.page ?? 1, size: params.size ?? 20 };
  return (await call('nationalEntriesResponse', '/api/national/entries', { searchParams, signal })).data;
}

/** One item of the list (slug iv-28) with all its entries and national inheritors. */
export async function fetchNationalItem(slug: string, signal?: AbortSignal) {
  return (await call('nationalItemResponse', `/api/national/items/${encodeURIComponent(slug)}`, { signal })).data;
}

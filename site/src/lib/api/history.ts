import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';
import { ApiError } from './errors.ts';
import { clearLocalHistory, keepLocally, readLocalHistory } from './history-store.ts';
import { readToken } from './session.ts';
import { HISTORY_PAGE_SIZE } from '@feiyi/contract/page-sizes';

export type BrowseType = 'culture' | 'inheritor' | 'event' | 'product' | 'heritage' | 'news';

/**
 * Records a visit: sent to the server when logged in, otherwise (or when the server cannot take it) kept locally.
 * Never throws and never shows a message: history is a side effect of reading.
 */
export async function recordBrowse(browseType: BrowseType, browseId: number): Promise<'server' | 'local'> {
  const record = { browseType, browseId, browseTime: new Date().toISOString() };
  if (!readToken()) {
    keepLocally(record);
    return 'local';
  }
  try {
    await call('browseRecordResponse', '/api/profile/browse-history', { method: 'post', json: record });
    return 'server';
  } catch (error) {
    console.info('浏览记录暂存本地：', error instanceof ApiError ? error.message : error);
    keepLocally(record);
    return 'local';
  }
}

/**
 * After login: the local records go to the server in one batch. The local copy is cleared on success and kept
 * on 403 or a network failure (a 401 also drops the token, in the client).
 */
export async function syncLocalHistory(): Promise<'synced' | 'nothing' | 'kept'> {
  const records = readLocalHistory();
  if (records.length === 0 || !readToken()) return 'nothing';
  try {
    await call('browseRecordResponse', '/api/profile/browse-history/batch', { method: 'post', json: records });
    clearLocalHistory();
    return 'synced';
  } catch (error) {
    console.info('浏览记录同步未完成，本地记录已保留：', error instanceof ApiError ? error.message : error);
    return 'kept';
  }
}

export async function fetchBrowseHistory(params: { page?: number; size?: number; type?: BrowseType | '' } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? HISTORY_PAGE_SIZE, type: params.type || undefined };
  return (await call('browseListResponse', '/api/profile/browse-history', { searchParams, signal })).data;
}

export const historyQueries = {
  all: () => ['history'] as const,
  list: (page = 1, size = 10, type: BrowseType | '' = '') =>
    queryOptions({
      queryKey: [...historyQueries.all(), 'list', { page, size, type }],
      queryFn: ({ signal }) => fetchBrowseHistory({ page, size, type }, signal),
    }),
};

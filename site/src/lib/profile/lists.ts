/**
 * The personal centre's lists: favourites 6 a page, follows fetched 20 at a time, history 10 a
 * page with a type filter, orders 10 a page (10/20/30/50) with their status labels; the local browse history as
 * a page of the same shape, for when the server cannot answer.
 */
import type { LocalBrowseRecord } from '../api/history-store.ts';
import { beijingParts, twoDigits } from '../format/beijing-time.ts';
import * as MESSAGES from '@feiyi/contract/messages';

import { HISTORY_PAGE_SIZE, ORDER_PAGE_SIZES } from '@feiyi/contract/page-sizes';

// The sizes are the contract's, the ones the API's queries default to.
export { FAVOURITE_PAGE_SIZE, FOLLOW_FETCH_SIZE, HISTORY_PAGE_SIZE, ORDER_PAGE_SIZES } from '@feiyi/contract/page-sizes';

export const BROWSE_TYPE_LABELS = {
  culture: '文化',
  inheritor: '传承人',
  event: '活动',
  product: '商品',
  heritage: '专题',
  news: '资讯',
} as const satisfies Record<string, string>;
export type BrowseTypeName = keyof typeof BROWSE_TYPE_LABELS;

export const FAVOURITE_TYPE_LABELS = { culture: '文化', heritage: '专题', news: '资讯', product: '文创' } as const;

export function browseTypeLabel(type: string): string {
  return (BROWSE_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** A time as '2026-11-23 14:05' (Beijing time); '未知时间' when it is missing or not a date. */
export function timeText(value: string | null | undefined): string {
  const parts = value ? beijingParts(value) : undefined;
  if (!parts) return MESSAGES.history.unknownTime;
  return `${parts.year}-${twoDigits(parts.month)}-${twoDigits(parts.day)} ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

export interface LocalHistoryPage {
  records: LocalBrowseRecord[];
  total: number;
  current: number;
  pages: number;
}

/** A page of the local history, filtered by type ('' for all), newest first as stored. */
export function localHistoryPage(
  records: readonly LocalBrowseRecord[],
  type: string,
  page: number,
  size = HISTORY_PAGE_SIZE,
): LocalHistoryPage {
  const kept = type ? records.filter((r) => r.browseType === type) : [...records];
  const pages = Math.ceil(kept.length / size);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));
  return { records: kept.slice((current - 1) * size, current * size), total: kept.length, current, pages };
}

/** An order's state and whether it can be paid are the contract's (the list shows the API's own statusText). */
export { canPay, orderStatusText } from '@feiyi/contract/order-status';

/** A page size the order list offers; anything else falls back to 10. */
export function orderPageSize(value: number | string): (typeof ORDER_PAGE_SIZES)[number] {
  const size = Number(value);
  return (ORDER_PAGE_SIZES as readonly number[]).includes(size) ? (size as (typeof ORDER_PAGE_SIZES)[number]) : ORDER_PAGE_SIZES[0];
}

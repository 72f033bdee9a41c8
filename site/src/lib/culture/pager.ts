/**
 * The culture grid's pager: first, previous, at most 5 page numbers, next, last. The
 * numbers are a window around the current page, shifted to stay within 1…pageCount.
 */
export const PAGER_NUMBERS = 5;

export interface CulturePager {
  current: number;
  pageCount: number;
  numbers: number[];
  first: number | undefined;
  previous: number | undefined;
  next: number | undefined;
  last: number | undefined;
}

export function pageCountOf(total: number, size: number): number {
  return total > 0 && size > 0 ? Math.ceil(total / size) : 0;
}

export function culturePager(current: number, pageCount: number, width = PAGER_NUMBERS): CulturePager {
  if (pageCount <= 0)
    return { current: 1, pageCount: 0, numbers: [], first: undefined, previous: undefined, next: undefined, last: undefined };
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pageCount);
  const start = Math.max(1, Math.min(page - Math.floor(width / 2), pageCount - width + 1));
  const end = Math.min(pageCount, start + width - 1);
  const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const before = page > 1;
  const after = page < pageCount;
  return {
    current: page,
    pageCount,
    numbers,
    first: before ? 1 : undefined,
    previous: before ? page - 1 : undefined,
    next: after ? page + 1 : undefined,
    last: after ? pageCount : undefined,
  };
}

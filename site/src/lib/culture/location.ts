/**
 * Where the culture page is: /culture/{categoryId}?page=N&item=ID. The path names the category
 * (none, or an unknown id such as the nav's /culture/1, means all); page 1 and no item are the
 * defaults and are left out of the address.
 */
export { CULTURE_PAGE_SIZE } from '@feiyi/contract/page-sizes';

export interface CultureLocation {
  category: number | undefined;
  page: number;
  /** The culture item whose detail dialog is open. */
  item: number | undefined;
}

const positive = (raw: string | null | undefined): number | undefined => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
};

export function readCultureLocation(location: { pathname: string; search: string }, categoryIds: readonly number[]): CultureLocation {
  const segment = /^\/culture\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  const id = positive(segment);
  const query = new URLSearchParams(location.search);
  return {
    category: id !== undefined && categoryIds.includes(id) ? id : undefined,
    page: positive(query.get('page')) ?? 1,
    item: positive(query.get('item')),
  };
}

export function culturePath({ category, page, item }: CultureLocation): string {
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (item !== undefined) query.set('item', String(item));
  const search = query.toString();
  return `${category === undefined ? '/culture' : `/culture/${category}`}${search ? `?${search}` : ''}`;
}

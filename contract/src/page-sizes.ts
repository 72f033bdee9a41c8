/**
 * How many records a page of each list holds, and the sizes a visitor may choose: the API's query schemas default to
 * them, the CMS's user-data lists page by them and the site's lists ask for them. Without zod, so pages load it freely.
 */
export const CULTURE_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 10;

/** The shop: 9 products a page, or 18, 27 or 36. */
export const PRODUCT_PAGE_SIZES = [9, 18, 27, 36] as const;
export const PRODUCT_PAGE_SIZE: (typeof PRODUCT_PAGE_SIZES)[number] = 9;

/** The inheritors page: 10 a page, or 20, 30 or 50. */
export const INHERITOR_PAGE_SIZES = [10, 20, 30, 50] as const;
export const INHERITOR_PAGE_SIZE: (typeof INHERITOR_PAGE_SIZES)[number] = 10;

/** The personal centre: favourites 6 a page, follows fetched 20 at a time, history 10 a page, orders 10 (10/20/30/50). */
export const FAVOURITE_PAGE_SIZE = 6;
export const FOLLOW_FETCH_SIZE = 20;
export const HISTORY_PAGE_SIZE = 10;
export const ORDER_PAGE_SIZES = [10, 20, 30, 50] as const;
export const ORDER_PAGE_SIZE: (typeof ORDER_PAGE_SIZES)[number] = 10;
/** The most a visitor's own list (favourites, follows, history, orders) answers at once. */
export const USER_LIST_MAX_SIZE = 50;

/** Whether a size is one of a list's choices. */
export const isPageSizeOf = <T extends number>(sizes: readonly T[], value: number): value is T =>
  (sizes as readonly number[]).includes(value);

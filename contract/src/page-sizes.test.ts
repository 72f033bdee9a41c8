import { describe, expect, it } from 'vitest';
import {
  CULTURE_PAGE_SIZE,
  FAVOURITE_PAGE_SIZE,
  FOLLOW_FETCH_SIZE,
  HISTORY_PAGE_SIZE,
  INHERITOR_PAGE_SIZE,
  INHERITOR_PAGE_SIZES,
  ORDER_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZES,
  SEARCH_PAGE_SIZE,
  isPageSizeOf,
} from './page-sizes.ts';

describe('page sizes', () => {
  it('are the portal’s: culture and search 10, shop 9 (9/18/27/36), inheritors and orders 10 (10/20/30/50)', () => {
    expect([CULTURE_PAGE_SIZE, SEARCH_PAGE_SIZE]).toEqual([10, 10]);
    expect([PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZES]).toEqual([9, [9, 18, 27, 36]]);
    expect([INHERITOR_PAGE_SIZE, INHERITOR_PAGE_SIZES]).toEqual([10, [10, 20, 30, 50]]);
    expect([ORDER_PAGE_SIZE, ORDER_PAGE_SIZES]).toEqual([10, [10, 20, 30, 50]]);
  });

  it('in the personal centre: favourites 6, follows 20, history 10', () => {
    expect([FAVOURITE_PAGE_SIZE, FOLLOW_FETCH_SIZE, HISTORY_PAGE_SIZE]).toEqual([6, 20, 10]);
  });

  it('each default is one of its list’s choices', () => {
    expect(isPageSizeOf(PRODUCT_PAGE_SIZES, PRODUCT_PAGE_SIZE)).toBe(true);
    expect(isPageSizeOf(INHERITOR_PAGE_SIZES, INHERITOR_PAGE_SIZE)).toBe(true);
    expect(isPageSizeOf(ORDER_PAGE_SIZES, ORDER_PAGE_SIZE)).toBe(true);
    expect(isPageSizeOf(PRODUCT_PAGE_SIZES, 10)).toBe(false);
  });
});

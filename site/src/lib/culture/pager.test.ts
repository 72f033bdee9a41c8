import { describe, expect, it } from 'vitest';
import { culturePager, pageCountOf } from './pager.ts';

describe('pageCountOf', () => {
  it('rounds up and is 0 without items', () => {
    expect(pageCountOf(98, 10)).toBe(10);
    expect(pageCountOf(100, 10)).toBe(10);
    expect(pageCountOf(0, 10)).toBe(0);
  });
});

describe('culturePager', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(culturePager(2, 3).numbers).toEqual([1, 2, 3]);
  });
  it('centres a window of 5 on the current page', () => {
    expect(culturePager(6, 10).numbers).toEqual([4, 5, 6, 7, 8]);
  });
  it('shifts the window at both ends', () => {
    expect(culturePager(1, 10).numbers).toEqual([1, 2, 3, 4, 5]);
    expect(culturePager(2, 10).numbers).toEqual([1, 2, 3, 4, 5]);
    expect(culturePager(10, 10).numbers).toEqual([6, 7, 8, 9, 10]);
    expect(culturePager(9, 10).numbers).toEqual([6, 7, 8, 9, 10]);
  });
  it('offers first and previous only after page 1, next and last only before the last page', () => {
    expect(culturePager(1, 10)).toMatchObject({ first: undefined, previous: undefined, next: 2, last: 10 });
    expect(culturePager(10, 10)).toMatchObject({ first: 1, previous: 9, next: undefined, last: undefined });
    expect(culturePager(4, 10)).toMatchObject({ first: 1, previous: 3, next: 5, last: 10 });
  });
  it('clamps a page beyond the end or below 1', () => {
    expect(culturePager(99, 4)).toMatchObject({ current: 4, numbers: [1, 2, 3, 4] });
    expect(culturePager(0, 4).current).toBe(1);
  });
  it('has nothing to page when there are no items', () => {
    expect(culturePager(1, 0)).toMatchObject({ numbers: [], next: undefined, last: undefined });
  });
});

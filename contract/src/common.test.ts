import { describe, expect, it } from 'vitest';
import { pageFrom, paginate, unsupportedKindMessage } from './common.ts';

describe('paginate', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  it('returns the requested page with totals', () => {
    expect(paginate(items, 3, 10)).toEqual({ records: [21, 22, 23], total: 23, size: 10, current: 3, pages: 3 });
  });
  it('returns an empty page past the end', () => {
    expect(paginate(items, 9, 10).records).toEqual([]);
  });
});

describe('pageFrom', () => {
  it('counts the pages of the whole list, an empty list having none', () => {
    expect(pageFrom(['a'], 21, 3, 10)).toEqual({ records: ['a'], total: 21, size: 10, current: 3, pages: 3 });
    expect(pageFrom([], 0, 1, 10).pages).toBe(0);
  });
});

describe('unsupportedKindMessage', () => {
  it('names a short plain word back', () => {
    expect(unsupportedKindMessage('浏览类型', 'video')).toBe('不支持的浏览类型：video');
  });

  it('does not echo markup, SQL, long text or anything that is not a string', () => {
    for (const input of ['<img src=x onerror=alert(1)>', "1'; DROP TABLE orders; --", 'a'.repeat(21), 'a\u0000b', '', 42, null]) {
      expect(unsupportedKindMessage('浏览类型', input)).toBe('不支持的浏览类型');
    }
  });
});

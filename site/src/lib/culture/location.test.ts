import { describe, expect, it } from 'vitest';
import { culturePath, readCultureLocation } from './location.ts';

const ids = [66, 67, 68, 69, 70, 71, 72, 73, 74, 75];
const at = (pathname: string, search = '') => readCultureLocation({ pathname, search }, ids);

describe('the culture page address', () => {
  it('reads the category from the path; an unknown or absent id means all', () => {
    expect(at('/culture/67')).toEqual({ category: 67, page: 1, item: undefined });
    expect(at('/culture/67/')).toMatchObject({ category: 67 });
    expect(at('/culture/1').category).toBeUndefined();
    expect(at('/culture').category).toBeUndefined();
    expect(at('/culture/abc').category).toBeUndefined();
    expect(at('/culture/999').category).toBeUndefined();
  });

  it('reads the page and the open item from the query, ignoring nonsense', () => {
    expect(at('/culture/68', '?page=3&item=21')).toEqual({ category: 68, page: 3, item: 21 });
    expect(at('/culture', '?page=0&item=-2')).toEqual({ category: undefined, page: 1, item: undefined });
    expect(at('/culture', '?page=2.5&item=x')).toMatchObject({ page: 1, item: undefined });
  });

  it('writes the shortest address for a state, and reads it back', () => {
    expect(culturePath({ category: undefined, page: 1, item: undefined })).toBe('/culture');
    expect(culturePath({ category: 71, page: 1, item: undefined })).toBe('/culture/71');
    expect(culturePath({ category: 71, page: 2, item: 40 })).toBe('/culture/71?page=2&item=40');
    const state = { category: 72, page: 4, item: 9 };
    const [pathname = '', search = ''] = culturePath(state).split('?');
    expect(at(pathname, `?${search}`)).toEqual(state);
  });
});

import { describe, expect, it } from 'vitest';
import { paginate } from './paginate.ts';

describe('paginate', () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  it('returns the requested page with totals', () => {
    expect(paginate(items, 3, 10)).toEqual({ records: [21, 22, 23], total: 23, size: 10, current: 3, pages: 3 });
  });
  it('returns an empty page past the end', () => {
    expect(paginate(items, 9, 10).records).toEqual([]);
  });
});

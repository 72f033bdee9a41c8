import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, isProductCategoryId, productCategoryName, productCategoryOf } from './product-rules.ts';

describe('product categories', () => {
  it('are 1 数字文创 and 2 文化体验', () => {
    expect(PRODUCT_CATEGORIES).toEqual([
      { id: 1, name: '数字文创' },
      { id: 2, name: '文化体验' },
    ]);
    expect(productCategoryName(1)).toBe('数字文创');
    expect(productCategoryName(2)).toBe('文化体验');
  });

  it('know only their own ids; a stored unknown id is the first category', () => {
    expect([1, 2].map(isProductCategoryId)).toEqual([true, true]);
    expect([0, 3, '1', null].map(isProductCategoryId)).toEqual([false, false, false, false]);
    expect(productCategoryOf(2)).toBe(2);
    expect(productCategoryOf(7)).toBe(1);
  });
});

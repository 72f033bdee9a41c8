/**
 * The shop's two product categories, by the id the CMS stores and the API answers (1 数字文创, 2 文化体验): the adapter
 * names a product's category with them, the shop's filter lists them and the seed labels its artwork. Without zod, so
 * the shop's code loads it with its own.
 */
export const PRODUCT_CATEGORIES = [
  { id: 1, name: '数字文创' },
  { id: 2, name: '文化体验' },
] as const;
export type ProductCategoryId = (typeof PRODUCT_CATEGORIES)[number]['id'];

export const PRODUCT_CATEGORY_IDS: readonly ProductCategoryId[] = PRODUCT_CATEGORIES.map((category) => category.id);

export function isProductCategoryId(value: unknown): value is ProductCategoryId {
  return (PRODUCT_CATEGORY_IDS as readonly unknown[]).includes(value);
}

/** A stored category id as the API answers it: anything but a known id is the first category (数字文创). */
export function productCategoryOf(stored: number): ProductCategoryId {
  return isProductCategoryId(stored) ? stored : PRODUCT_CATEGORIES[0].id;
}

export function productCategoryName(id: ProductCategoryId): string {
  return PRODUCT_CATEGORIES.find((category) => category.id === id)!.name;
}

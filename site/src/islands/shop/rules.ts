/**
 * The merchandise page's rules: page sizes, categories, the quantity a visitor may buy,
 * and the order bodies. The shipping form's check is in shipping.ts (it needs zod and the order schemas, which the
 * page loads only when the form is shown).
 */
import { lineTotal } from '../../lib/format/money.ts';

import { PRODUCT_PAGE_SIZES as PAGE_SIZES } from '@feiyi/contract/page-sizes';

// The page sizes are the contract's, the ones the API accepts.
export { PRODUCT_PAGE_SIZES as PAGE_SIZES, PRODUCT_PAGE_SIZE as DEFAULT_PAGE_SIZE } from '@feiyi/contract/page-sizes';
export type PageSize = (typeof PAGE_SIZES)[number];

// The categories are the contract's, the ones the API names products with.
export { PRODUCT_CATEGORIES as CATEGORIES, type ProductCategoryId as CategoryId } from '@feiyi/contract/product-rules';

/** The product image carousel advances every 4 s. */
export const CAROUSEL_MS = 4_000;

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** Buying is possible only while something is in stock. */
export function canBuy(stock: number): boolean {
  return stock > 0;
}

/**
 * The quantity the visitor typed, held to 1..stock. Anything that is not a number becomes 1;
 * fractions are cut. With nothing in stock the answer is 1 (the buy button is disabled then anyway).
 */
export function clampQuantity(value: number | string, stock: number): number {
  const n = Math.trunc(typeof value === 'string' ? Number(value) : value);
  const max = Math.max(1, Math.trunc(stock));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, max);
}

/** The product's pictures: the JSON array string of the API, http(s) addresses only, the cover first when none. */
export function productImages(images: string, cover: string): string[] {
  let list: unknown;
  try {
    list = JSON.parse(images);
  } catch {
    list = [];
  }
  const urls = Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url)) : [];
  if (urls.length > 0) return urls;
  return cover ? [cover] : [];
}

export type { ShippingErrors, ShippingValues } from './shipping.ts';
import type { ShippingValues } from './shipping.ts';

/** The part of a product the order bodies need. */
export interface OrderedProduct {
  id: number;
  name: string;
  coverImage: string;
  price: number;
}

/**
 * The body of POST /api/order: one line, its total price × quantity exact to the fen, the shipping
 * fields trimmed, status 0. The server prices it again from the catalogue and refuses a mismatch.
 */
export function cartOrderBody(product: OrderedProduct, quantity: number, shipping: ShippingValues, userId: number) {
  const total = lineTotal(product.price, quantity);
  return {
    orderItems: [
      {
        productId: product.id,
        productName: product.name,
        productImage: product.coverImage,
        price: product.price,
        quantity,
        totalAmount: total,
      },
    ],
    shippingName: shipping.shippingName.trim(),
    shippingPhone: shipping.shippingPhone.trim(),
    shippingAddress: shipping.shippingAddress.trim(),
    totalAmount: total,
    payAmount: total,
    status: 0,
    userId,
  };
}

/** The body of POST /api/orders/create: quick-buy always buys one. */
export function quickBuyBody(product: OrderedProduct, userId: number) {
  return { userId, items: [{ productId: product.id, quantity: 1, price: product.price }] };
}

/** The carousel's next picture, wrapping round; 0 when there is none. */
export function nextSlide(current: number, count: number, step = 1): number {
  if (count <= 0) return 0;
  return (((current + step) % count) + count) % count;
}

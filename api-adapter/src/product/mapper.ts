import type { z } from 'zod';
import type { Product } from '../contract/product.ts';
import type { strapiProduct } from '../content/strapi-shapes.ts';
import { mediaUrl } from '../culture/mapper.ts';

export const PRODUCT_CATEGORY_NAMES = { 1: '数字文创', 2: '文化体验' } as const;

/** Prices leave Strapi as decimals (numbers on SQLite, strings on PostgreSQL); the API speaks yuan as numbers. */
export function toProduct(doc: z.infer<typeof strapiProduct>, origin: string): Product {
  const categoryId = doc.categoryId === 2 ? 2 : 1;
  const images = (doc.images ?? []).map((image) => mediaUrl(origin, image));
  return {
    id: doc.pid ?? doc.id,
    name: doc.name,
    description: doc.description ?? '',
    price: Math.round(Number(doc.price) * 100) / 100,
    stock: Math.max(0, doc.stock),
    coverImage: mediaUrl(origin, doc.cover),
    images: JSON.stringify(images.length > 0 ? images : [mediaUrl(origin, doc.cover)].filter(Boolean)),
    categoryId,
    categoryName: PRODUCT_CATEGORY_NAMES[categoryId],
    relatedItem: doc.relatedItem ?? '',
  };
}

import { roundYuan } from '@feiyi/contract/money';
import { productCategoryName, productCategoryOf } from '@feiyi/contract/product-rules';
import { z } from 'zod';
import type { Product } from '@feiyi/contract/product';
import { mediaUrl, strapiMedia } from '../shared/media.ts';

// What Strapi answers for this domain's published documents (populated server-side).
export const strapiProduct = z.object({
  id: z.number().int(),
  pid: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable().optional(),
  price: z.union([z.number(), z.string()]),
  stock: z.number().int(),
  categoryId: z.number().int(),
  relatedItem: z.string().nullable().optional(),
  cover: strapiMedia.nullable().optional(),
  images: z.array(strapiMedia).nullable().optional(),
});

/** Prices leave Strapi as decimals (numbers on SQLite, strings on PostgreSQL); the API speaks yuan as numbers. */
export function toProduct(doc: z.infer<typeof strapiProduct>, origin: string): Product {
  const categoryId = productCategoryOf(doc.categoryId);
  const images = (doc.images ?? []).map((image) => mediaUrl(origin, image));
  return {
    id: doc.pid ?? doc.id,
    name: doc.name,
    description: doc.description ?? '',
    price: roundYuan(Number(doc.price)),
    stock: Math.max(0, doc.stock),
    coverImage: mediaUrl(origin, doc.cover),
    images: JSON.stringify(images.length > 0 ? images : [mediaUrl(origin, doc.cover)].filter(Boolean)),
    categoryId,
    categoryName: productCategoryName(categoryId),
    relatedItem: doc.relatedItem ?? '',
  };
}

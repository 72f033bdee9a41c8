import { z } from 'zod';
import { envelope, pageOf, positiveId } from './common.ts';
import { PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZES, isPageSizeOf } from './page-sizes.ts';
import { PRODUCT_CATEGORIES, isProductCategoryId } from './product-rules.ts';

const CATEGORY_TEXT = PRODUCT_CATEGORIES.map((category) => `${category.id} ${category.name}`).join('，');

export const product = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    price: z.number().describe('单价（元）'),
    stock: z.number().int().min(0),
    coverImage: z.string(),
    images: z.string().describe('图片地址的 JSON 数组字符串'),
    categoryId: z.union([z.literal(1), z.literal(2)]).describe(CATEGORY_TEXT),
    categoryName: z.string(),
    relatedItem: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

export const productPageQuery = z.object({
  page: z.coerce.number({ error: 'page 必须是数字' }).int({ error: 'page 必须是整数' }).min(1, { error: 'page 不能小于 1' }).default(1),
  size: z.coerce
    .number({ error: 'size 必须是数字' })
    .int()
    .refine((n) => isPageSizeOf(PRODUCT_PAGE_SIZES, n), { error: `size 只能是 ${PRODUCT_PAGE_SIZES.join('、')}` })
    .default(PRODUCT_PAGE_SIZE),
  keyword: z.string().max(100, { error: '关键词过长' }).optional(),
  categoryId: z
    .union([
      z.literal(''),
      z.coerce
        .number()
        .int()
        .refine(isProductCategoryId, { error: `categoryId 只能是 ${PRODUCT_CATEGORIES.map((category) => category.id).join(' 或 ')}` }),
    ])
    .optional(),
});
export const productPageResponse = envelope(z.object({ page: pageOf(product) }));
export const productIdParam = z.object({ id: positiveId('商品编号') });
export const productDetailResponse = envelope(z.object({ product }));

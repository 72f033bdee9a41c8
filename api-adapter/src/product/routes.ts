import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { productPageResponse } from '@feiyi/contract/product';
import { paginate } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { applyStock, productById, productContent, products } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

export const productRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, cms, fanOut }) => {
  store.use(...productContent);
  // Stock moved in the CMS (an expired order released some): the first instance to notice tells the others the levels,
  // with the fingerprint they follow, so the others adopt them instead of following again.
  store.onStockMoved(async (stockVersion) => {
    const levels = await cms.server.call('products.stock', { query: {} });
    applyStock(store, levels, { followed: true });
    await fanOut?.announce({ kind: 'stock', stock: levels, stockVersion });
  });
  const tags = ['周边商品'];

  app.route({
    ...tableRoute('product.page', {
      tags,
      summary: '商品分页',
      description: '每页 9、18、27 或 36 件；可按关键词（名称与描述）与类别（1 数字文创，2 文化体验）筛选。',
    }),
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const keyword = (request.query.keyword ?? '').trim().toLowerCase();
      const categoryId = request.query.categoryId === '' ? undefined : request.query.categoryId;
      const cached = await store.shop.answer(`page:${keyword}:${categoryId ?? ''}:${page}:${size}`, productPageResponse, (shop) => {
        const matches = shop
          .get(products)
          .filter(
            (p) =>
              (categoryId === undefined || p.categoryId === categoryId) &&
              (!keyword || p.name.toLowerCase().includes(keyword) || p.description.toLowerCase().includes(keyword)),
          );
        return ok({ page: paginate(matches, page, size) });
      });
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('product.detail', { tags, summary: '商品详情' }),
    handler: async (request) => {
      const shop = await store.shop.get();
      const product = shop.get(productById).get(request.params.id);
      if (!product) throw ApiError.notFound('商品不存在或已下架');
      return ok({ product });
    },
  });
};

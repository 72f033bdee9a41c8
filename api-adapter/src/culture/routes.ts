import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Snapshot } from '../cache/snapshot.ts';
import { ResponseCache, sendCached } from '../cache/response-cache.ts';
import { errorResponses } from '../contract/common.ts';
import { culturePageQuery, culturePageResponse } from '../contract/culture.ts';
import { ok } from '../http/envelope.ts';
import { filterByCategory, type CultureCatalogue } from './catalogue.ts';
import { paginate } from './mapper.ts';

export const cultureRoutes: FastifyPluginAsyncZod<{ catalogue: Snapshot<CultureCatalogue> }> = async (app, { catalogue }) => {
  const cache = new ResponseCache();

  app.get(
    '/api/culture/page',
    {
      schema: {
        tags: ['文化'],
        summary: '文化条目分页',
        description: '按类别分页浏览已发布的文化条目；category 为空表示全部。',
        querystring: culturePageQuery,
        response: { 200: culturePageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const category = request.query.category === '' ? undefined : request.query.category;
      const content = await catalogue.get();
      const cached = cache.get(catalogue.currentVersion, `page:${category ?? ''}:${page}:${size}`, () =>
        ok({ page: paginate(filterByCategory(content.cultures, category), page, size) }),
      );
      return sendCached(request, reply, cached);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { errorResponses } from '../contract/common.ts';
import {
  heritageIdParam,
  heritageListResponse,
  heritageResponse,
  homeResponse,
  newsIdParam,
  newsListResponse,
  newsResponse,
} from '../contract/content.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';

export const pagesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  const tags = ['首页与专题'];

  app.get(
    '/api/home',
    {
      schema: {
        tags,
        summary: '首页编排',
        description: '编辑在后台选定的 9 个热门项目与 5 位传承人，以及时间轴与专题入口。',
        response: { 200: homeResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cached = await store.content.answer('home', (data) =>
        ok({
          heroTitle: data.home.heroTitle,
          heroSubtitle: data.home.heroSubtitle,
          hotCultures: data.home.hotCultures,
          inheritors: data.home.showcaseInheritors.map((i) => ({
            id: i.id,
            name: i.inheritorName,
            titles: [`${i.levelText}非遗代表性传承人`, i.skillType, ...(i.batchYear ? [`${i.batchYear}年认定`] : [])],
            description: i.skillDescription || i.introduction,
            image: i.profileImages.split(',')[0] ?? '',
          })),
          timeline: data.timeline,
          heritagePages: data.heritagePages.map((p) => ({ id: p.id, slug: p.slug, title: p.title })),
        }),
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/heritage/list',
    { schema: { tags, summary: '15 个非遗专题', response: { 200: heritageListResponse, ...errorResponses } } },
    async (request, reply) => {
      return sendCached(request, reply, await store.content.answer('heritage', (data) => ok({ pages: data.heritagePages })));
    },
  );

  app.get(
    '/api/heritage/:id',
    {
      schema: {
        tags,
        summary: '专题详情',
        description: 'id 可为编号或 slug（如 peking-opera）。',
        params: heritageIdParam,
        response: { 200: heritageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const data = await store.content.get();
      const key = request.params.id;
      const heritage = /^\d+$/.test(key) ? data.heritageById.get(Number(key)) : data.heritageBySlug.get(key);
      if (!heritage) throw ApiError.notFound('专题不存在');
      return ok({ heritage });
    },
  );

  app.get(
    '/api/news/list',
    { schema: { tags, summary: '资讯', description: '新的在前。', response: { 200: newsListResponse, ...errorResponses } } },
    async (request, reply) => {
      return sendCached(request, reply, await store.content.answer('news', (data) => ok({ news: data.news })));
    },
  );

  app.get(
    '/api/news/:id',
    { schema: { tags, summary: '资讯详情', params: newsIdParam, response: { 200: newsResponse, ...errorResponses } } },
    async (request) => {
      const data = await store.content.get();
      const news = data.newsById.get(request.params.id);
      if (!news) throw ApiError.notFound('资讯不存在');
      return ok({ news });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { errorResponses } from '@feiyi/contract/common';
import {
  heritageIdParam,
  heritageListResponse,
  heritageResponse,
  homeResponse,
  newsIdParam,
  newsListResponse,
  newsResponse,
} from '@feiyi/contract/content';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { heritageById, heritageBySlug, heritagePages, home as homeContent, homeData, news, newsById, pagesContent } from './content.ts';
import { timeline } from '../policy/content.ts';

export const pagesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  store.use(...pagesContent, timeline);
  const tags = ['首页与专题'];

  app.get(
    '/api/home',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: '首页编排',
        description: '编辑在后台选定的 9 个热门项目与 5 位传承人，以及时间轴与专题入口。',
        response: { 200: homeResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cached = await store.content.answer('home', homeResponse, (data) => {
        return ok(homeData(data.get(homeContent), data));
      });
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/heritage/list',
    { config: { auth: 'public' }, schema: { tags, summary: '15 个非遗专题', response: { 200: heritageListResponse, ...errorResponses } } },
    async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('heritage', heritageListResponse, (data) => ok({ pages: data.get(heritagePages) })),
      );
    },
  );

  app.get(
    '/api/heritage/:id',
    {
      config: { auth: 'public' },
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
      const heritage = /^\d+$/.test(key) ? data.get(heritageById).get(Number(key)) : data.get(heritageBySlug).get(key);
      if (!heritage) throw ApiError.notFound('专题不存在');
      return ok({ heritage });
    },
  );

  app.get(
    '/api/news/list',
    {
      config: { auth: 'public' },
      schema: { tags, summary: '资讯', description: '新的在前。', response: { 200: newsListResponse, ...errorResponses } },
    },
    async (request, reply) => {
      return sendCached(request, reply, await store.content.answer('news', newsListResponse, (data) => ok({ news: data.get(news) })));
    },
  );

  app.get(
    '/api/news/:id',
    {
      config: { auth: 'public' },
      schema: { tags, summary: '资讯详情', params: newsIdParam, response: { 200: newsResponse, ...errorResponses } },
    },
    async (request) => {
      const data = await store.content.get();
      const news = data.get(newsById).get(request.params.id);
      if (!news) throw ApiError.notFound('资讯不存在');
      return ok({ news });
    },
  );
};

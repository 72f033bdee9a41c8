import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { heritageListResponse, homeResponse, newsListResponse } from '@feiyi/contract/content';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { heritageById, heritageBySlug, heritagePages, home as homeContent, homeData, news, newsById, pagesContent } from './content.ts';
import { timeline } from '../policy/content.ts';
import { tableRoute } from '../http/route-table.ts';

export const pagesRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  store.use(...pagesContent, timeline);
  const tags = ['首页与专题'];

  app.route({
    ...tableRoute('page.home', {
      tags,
      summary: '首页编排',
      description: '编辑在后台选定的 9 个热门项目与 5 位传承人，以及时间轴与专题入口。',
    }),
    handler: async (request, reply) => {
      const cached = await store.content.answer('home', homeResponse, (data) => {
        return ok(homeData(data.get(homeContent), data));
      });
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('page.heritageList', { tags, summary: '15 个非遗专题' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('heritage', heritageListResponse, (data) => ok({ pages: data.get(heritagePages) })),
      );
    },
  });

  app.route({
    ...tableRoute('page.heritage', { tags, summary: '专题详情', description: 'id 可为编号或 slug（如 peking-opera）。' }),
    handler: async (request) => {
      const data = await store.content.get();
      const key = request.params.id;
      const heritage = /^\d+$/.test(key) ? data.get(heritageById).get(Number(key)) : data.get(heritageBySlug).get(key);
      if (!heritage) throw ApiError.notFound('专题不存在');
      return ok({ heritage });
    },
  });

  app.route({
    ...tableRoute('page.newsList', { tags, summary: '资讯', description: '新的在前。' }),
    handler: async (request, reply) => {
      return sendCached(request, reply, await store.content.answer('news', newsListResponse, (data) => ok({ news: data.get(news) })));
    },
  });

  app.route({
    ...tableRoute('page.news', { tags, summary: '资讯详情' }),
    handler: async (request) => {
      const data = await store.content.get();
      const news = data.get(newsById).get(request.params.id);
      if (!news) throw ApiError.notFound('资讯不存在');
      return ok({ news });
    },
  });
};

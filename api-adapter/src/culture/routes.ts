import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../cache/response-cache.ts';
import { categoriesResponse, culturePageResponse, cultureSearchResponse, hotLatestResponse } from '@feiyi/contract/culture';
import { ok, okHotLatest } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { pageFrom, paginate } from '@feiyi/contract/common';
import { siteSearch } from '../search/content.ts';
import { categories, cultureById, cultureContent, cultures, culturesByCategory } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

const EMPTY_PAGE = (size: number) => pageFrom([], 0, 1, size);

export const cultureRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, views }) => {
  store.use(...cultureContent, siteSearch);
  app.route({
    ...tableRoute('culture.page', {
      tags: ['文化'],
      summary: '文化条目分页',
      description: '按类别分页浏览已发布的文化条目；category 为空表示全部。',
    }),
    handler: async (request, reply) => {
      const { page, size } = request.query;
      const category = request.query.category === '' ? undefined : request.query.category;
      const cached = await store.content.answer(`page:${category ?? ''}:${page}:${size}`, culturePageResponse, (data) => {
        const items = category === undefined ? data.get(cultures) : (data.get(culturesByCategory).get(category) ?? []);
        return ok({ page: paginate(items, page, size) });
      });
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('culture.search', {
      tags: ['文化'],
      summary: '搜索文化条目、名录项目与传承人',
      description:
        '在本站文化条目、国家级名录的 1,557 个项目和 3,995 位国家级代表性传承人中查找：标题、标签、简介与正文；支持拼音全拼与首字母（jingju、jj 均可找到京剧，xiangsheng 找到相声）。名称与关键词相同的排在最前（括号的全角半角、括号内的字有无都算相同：格萨尔、格萨斯尔、格萨(斯)尔 都是 格萨（斯）尔），其后依次是文化条目、名录项目、传承人，同类之中标题命中在前。每条结果以 kind 说明类别（culture、item、inheritor），以 href 给出打开的网站地址。空关键词直接返回空页。',
    }),
    handler: async (request, reply) => {
      const { keyword, page, size } = request.query;
      if (!keyword.trim()) return ok({ page: EMPTY_PAGE(size) });
      const cached = await store.content.answer(`search:${keyword.trim().toLowerCase()}:${page}:${size}`, cultureSearchResponse, (data) =>
        ok({ page: paginate(data.get(siteSearch).search(keyword), page, size) }),
      );
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('culture.hot', {
      tags: ['文化'],
      summary: '热门文化条目',
      description: '按浏览量排序；成功时 code 为 200（规格如此）。',
    }),
    handler: async (request, reply) => {
      const { limit } = request.query;
      const cached = await store.content.answer(
        `hot:${limit}`,
        hotLatestResponse,
        (data) =>
          okHotLatest({ cultures: [...data.get(cultures)].sort((a, b) => b.viewCount - a.viewCount || a.id - b.id).slice(0, limit) }),
        10_000,
      );
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('culture.latest', {
      tags: ['文化'],
      summary: '最新文化条目',
      description: '按发布时间排序；成功时 code 为 200（规格如此）。',
    }),
    handler: async (request, reply) => {
      const { limit } = request.query;
      const cached = await store.content.answer(`latest:${limit}`, hotLatestResponse, (data) =>
        okHotLatest({
          cultures: [...data.get(cultures)]
            .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.id - a.id)
            .slice(0, limit),
        }),
      );
      return sendCached(request, reply, cached);
    },
  });

  app.route({
    ...tableRoute('culture.detail', { tags: ['文化'], summary: '文化条目详情', description: '每次打开计一次浏览。' }),
    handler: async (request) => {
      const data = await store.content.get();
      const culture = data.get(cultureById).get(request.params.id);
      if (!culture) throw ApiError.notFound('文化条目不存在或已下线');
      // Counted in this instance's copy at once (the visitor sees their own view, hot lists here move); the CMS and the
      // other instances get it with the other views of the next second, in one request and one message.
      culture.viewCount += 1;
      views.count(culture.id);
      return ok({ culture });
    },
  });

  app.route({
    ...tableRoute('culture.categories', { tags: ['文化'], summary: '非遗类别', description: '十大门类，编号 66–75。' }),
    handler: async (request, reply) => {
      return sendCached(
        request,
        reply,
        await store.content.answer('categories', categoriesResponse, (data) => ok({ categories: data.get(categories) })),
      );
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asVisitor } from '../auth/identity.ts';
import { sendCached } from '../cache/response-cache.ts';
import { inheritorProfilesResponse } from '@feiyi/contract/inheritor';
import { absoluteUrl } from '../shared/media.ts';
import { paginate } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';
import { guestView } from './mapper.ts';
import { sealSvg } from './seal.ts';
import { inheritorById, inheritorContent, inheritors, inheritorsByCategory } from './content.ts';
import { tableRoute } from '../http/route-table.ts';

const tags = ['传承人'];
/** Following needs a user; without a token the answer says so. */
const loginPrompt = MESSAGES.follow.needsLogin;

export const inheritorRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, cms, config }) => {
  store.use(...inheritorContent);

  app.route({
    ...tableRoute('inheritor.byCategory', {
      tags,
      summary: '按类别浏览传承人',
      description: '令牌可选：游客只得到公开视图（姓名、技艺类型、图片、级别）；登录用户还能看到简介与技艺特色。',
    }),
    handler: async (request) => {
      const data = await store.content.get();
      const guest = request.visitor === null;
      const all = data.get(inheritorsByCategory).get(request.params.categoryId) ?? [];
      const page = paginate(all, request.query.page, request.query.size);
      return ok({ page: { ...page, records: guest ? page.records.map(guestView) : page.records }, guest });
    },
  });

  app.route({
    ...tableRoute('inheritor.profiles', {
      tags,
      summary: '有撰写简介的传承人',
      description:
        '编辑撰写了简介的传承人，含简介、技艺特色与出处：这些人物页面是公开发布的内容（网站为每一位生成静态页面）。其余国家级传承人只有名录信息，在类别列表中浏览。',
    }),
    handler: async (request, reply) =>
      sendCached(
        request,
        reply,
        await store.content.answer('inheritor-profiles', inheritorProfilesResponse, (data) =>
          ok({ inheritors: data.get(inheritors).filter((inheritor) => inheritor.introduction.trim() !== '') }),
        ),
      ),
  });

  app.route({
    ...tableRoute('inheritor.detail', { tags, summary: '传承人详情' }),
    handler: async (request) => {
      const data = await store.content.get();
      const inheritor = data.get(inheritorById).get(request.params.id);
      if (!inheritor) throw ApiError.notFound(MESSAGES.inheritor.notFound);
      const guest = request.visitor === null;
      return ok({ inheritor: guest ? guestView(inheritor) : inheritor, guest });
    },
  });

  // A picture, not an API answer: left out of the OpenAPI document (profileImages points here).
  app.route({
    ...tableRoute('inheritor.seal', { hide: true }),
    handler: async (request, reply) => {
      const data = await store.content.get();
      const inheritor = data.get(inheritorById).get(request.params.id);
      if (!inheritor) throw ApiError.notFound(MESSAGES.inheritor.notFound);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(sealSvg(inheritor.inheritorName));
    },
  });

  app.route({
    ...tableRoute('follow.status', { tags, summary: '是否已关注' }, { loginPrompt }),
    handler: async (request) => ok(await asVisitor(cms, request).call('follows.status', { params: request.params })),
  });
  app.route({
    ...tableRoute('follow.follow', { tags, summary: '关注传承人', description: '重复关注不会重复计数。' }, { loginPrompt }),
    handler: async (request) =>
      ok(await asVisitor(cms, request).call('follows.follow', { params: request.params }), MESSAGES.follow.followed),
  });
  app.route({
    ...tableRoute('follow.unfollow', { tags, summary: '取消关注', description: '取消未关注的传承人同样成功。' }, { loginPrompt }),
    handler: async (request) =>
      ok(await asVisitor(cms, request).call('follows.unfollow', { params: request.params }), MESSAGES.follow.unfollowed),
  });
  app.route({
    ...tableRoute('follow.count', { tags, summary: '我关注的传承人数' }, { loginPrompt }),
    handler: async (request) => ok(await asVisitor(cms, request).call('follows.count')),
  });
  app.route({
    ...tableRoute('follow.list', { tags, summary: '我关注的传承人' }, { loginPrompt }),
    handler: async (request) => {
      const rows = await asVisitor(cms, request).call('follows.list', { query: { page: request.query.page, size: request.query.size } });
      return ok(rows.map((r) => ({ ...r, profileImages: r.profileImages.map((url) => absoluteUrl(config.PUBLIC_URL, url)).join(',') })));
    },
  });
};

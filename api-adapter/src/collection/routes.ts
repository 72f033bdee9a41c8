import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PortalFavouriteTarget } from '@feiyi/contract/portal';
import { assertSelf, asVisitor, visitorOf } from '../auth/identity.ts';
import { absoluteUrl } from '../shared/media.ts';
import { ok } from '../http/envelope.ts';
import { tableRoute } from '../http/route-table.ts';
import type { Deps } from '../shared/deps.ts';
import * as MESSAGES from '@feiyi/contract/messages';

const tags = ['收藏'];
/** The 401 message for collecting without a logged-in user. */
const loginPrompt = MESSAGES.favourite.notLoggedIn;
const idNote = '可带 userId，但必须是当前登录用户，否则 403。';

export const collectionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, config }) => {
  app.route({
    ...tableRoute('collection.check', { tags, summary: '是否已收藏', description: idNote }, { loginPrompt }),
    handler: async (request) => {
      const { userId, type, targetId } = request.query;
      assertSelf(visitorOf(request), userId);
      return ok(await asVisitor(cms, request).call('favourites.check', { query: { type, targetId } satisfies PortalFavouriteTarget }));
    },
  });

  app.route({
    ...tableRoute(
      'collection.add',
      { tags, summary: '收藏', description: `参数在查询串中（规格如此）。重复收藏不会产生第二条记录。${idNote}` },
      { loginPrompt },
    ),
    handler: async (request) => {
      const { userId, type, targetId } = request.query;
      assertSelf(visitorOf(request), userId);
      await asVisitor(cms, request).call('favourites.add', { body: { type, targetId } });
      return ok({ collected: true }, '收藏成功');
    },
  });

  app.route({
    ...tableRoute('collection.remove', { tags, summary: '取消收藏', description: `取消未收藏的内容同样成功。${idNote}` }, { loginPrompt }),
    handler: async (request) => {
      const { userId, type, targetId } = request.query;
      assertSelf(visitorOf(request), userId);
      await asVisitor(cms, request).call('favourites.remove', { query: { type, targetId } });
      return ok({ collected: false }, '取消收藏成功');
    },
  });

  app.route({
    ...tableRoute('collection.list', { tags, summary: '我的收藏', description: `每页默认 6 条，新的在前。${idNote}` }, { loginPrompt }),
    handler: async (request) => {
      const { userId, page, size, type } = request.query;
      assertSelf(visitorOf(request), userId);
      const result = await asVisitor(cms, request).call('favourites.list', { query: { page, size, ...(type ? { type } : {}) } });
      return ok({ ...result, records: result.records.map((r) => ({ ...r, coverImage: absoluteUrl(config.PUBLIC_URL, r.coverImage) })) });
    },
  });
};

import * as MESSAGES from '@feiyi/contract/messages';
import { type PortalProfileChanges } from '@feiyi/contract/portal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asVisitor } from '../auth/identity.ts';
import { toPortalUser } from '../auth/user-mapper.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { type Deps, uploadUrlOf } from '../shared/deps.ts';
import { tableRoute } from '../http/route-table.ts';

const tags = ['个人中心'];

export const profileRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, config }) => {
  const save = async (request: FastifyRequest, changes: PortalProfileChanges, message: string) => {
    const profile = await asVisitor(cms, request).call('me.update', { body: changes });
    return ok({ user: toPortalUser(profile, config.PUBLIC_URL) }, message);
  };
  const imageUrl = (url: string) => {
    const stored = uploadUrlOf(url, config);
    if (stored === undefined) throw ApiError.badRequest(MESSAGES.upload.badUrl);
    return stored;
  };

  app.route({
    ...tableRoute('user.username', { tags, summary: '修改用户名', description: '去掉首尾空格后不能为空，3–20 个字符，不能与他人重复。' }),
    handler: async (request) => save(request, { username: request.body.username }, MESSAGES.profile.usernameSaved),
  });
  app.route({
    ...tableRoute('user.address', { tags, summary: '保存收货地址', description: '省份与详细地址必填。' }),
    handler: async (request) => save(request, { address: request.body }, MESSAGES.profile.addressSaved),
  });
  app.route({
    ...tableRoute('user.avatar', { tags, summary: '保存头像', description: '地址来自 /api/upload/update-avatar。' }),
    handler: async (request) => save(request, { avatar: imageUrl(request.body.avatar) }, MESSAGES.profile.avatarSaved),
  });
  app.route({
    ...tableRoute('user.background', { tags, summary: '保存背景图', description: '地址来自 /api/upload/update-avatar。' }),
    handler: async (request) =>
      save(request, { backgroundImage: imageUrl(request.body.backgroundImage) }, MESSAGES.profile.backgroundSaved),
  });
  app.route({
    ...tableRoute('profile.stats', { tags, summary: '个人统计', description: '关注、收藏、预约、订单与捐赠的数量。' }),
    handler: async (request) => ok(await asVisitor(cms, request).call('me.stats')),
  });
};

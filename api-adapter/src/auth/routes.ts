import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { type Deps, uploadUrlOf } from '../shared/deps.ts';
import { asVisitor } from './identity.ts';
import { toPortalUser } from './user-mapper.ts';
import { tableRoute } from '../http/route-table.ts';

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cms, config, loginLimiter }) => {
  app.route({
    ...tableRoute('user.login', {
      tags: ['账户'],
      summary: '登录',
      description: '用户名与密码登录，答复 user 与 token。失败次数按 IP 与用户名分别限制（10 分钟内 10 次）。',
    }),
    handler: async (request) => {
      const { username, password } = request.body;
      if (await loginLimiter.isBlocked(request.ip, username)) {
        throw new ApiError(429, ERROR_CODES.tooManyRequests, `登录失败次数过多，请 ${loginLimiter.windowMinutes} 分钟后再试`);
      }
      let session: { jwt: string };
      try {
        session = await cms.login(username, password);
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 400) {
          await loginLimiter.recordFailure(request.ip, username);
          throw ApiError.badRequest('用户名或密码错误');
        }
        throw error;
      }
      await loginLimiter.recordSuccess(request.ip, username);
      const profile = await cms.asUser(session.jwt).call('me.read');
      return ok({ user: toPortalUser(profile, config.PUBLIC_URL), token: session.jwt }, '登录成功');
    },
  });

  app.route({
    ...tableRoute(
      'user.register',
      { tags: ['账户'], summary: '注册', description: '用户名 3–20 个字符，密码至少 6 位，邮箱有效；头像可选（先上传再传地址）。' },
      { rateLimit: { max: 20, timeWindow: '1 hour' } },
    ),
    handler: async (request) => {
      const { username, password, email, avatar } = request.body;
      const avatarUrl = avatar ? uploadUrlOf(avatar, config) : '';
      if (avatarUrl === undefined) throw ApiError.badRequest('头像地址无效，请重新上传');
      const session = await cms.register({ username, password, email });
      if (avatarUrl) await cms.asUser(session.jwt).call('me.update', { body: { avatar: avatarUrl } });
      return ok({ id: session.user.id, username }, '注册成功！');
    },
  });

  app.route({
    ...tableRoute('user.logout', {
      tags: ['账户'],
      summary: '退出登录',
      description: '令牌无状态，客户端删除本地令牌即可；此调用总是成功。',
    }),
    handler: async () => ok(null, '已退出登录'),
  });

  app.route({
    ...tableRoute('user.info', {
      tags: ['账户'],
      summary: '当前用户信息',
      description: '令牌可放在 Authorization: Bearer 头，或 ?token= 查询参数。',
    }),
    handler: async (request) => {
      const profile = await asVisitor(cms, request).call('me.read');
      return ok({ user: toPortalUser(profile, config.PUBLIC_URL) });
    },
  });
};

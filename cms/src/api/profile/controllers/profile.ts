import { portalProfile, portalStats } from '@feiyi/contract/portal';
import { z } from 'zod';
import { answers, parse, userIdOf } from '../../../portal/http';

const uploadPath = z
  .string()
  .max(500)
  .regex(/^(\/uploads\/[\w.-]+)?$/, { error: '图片地址无效' });
const changes = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, { error: '用户名不能为空' })
      .min(3, { error: '长度在 3 到 20 个字符' })
      .max(20, { error: '长度在 3 到 20 个字符' }),
    avatar: uploadPath,
    backgroundImage: uploadPath,
    address: z.object({
      province: z.string().trim().min(1, { error: '请填写完整的省市区和详细地址' }).max(30),
      city: z.string().trim().max(30).default(''),
      district: z.string().trim().max(30).default(''),
      detail: z.string().trim().min(1, { error: '请填写完整的省市区和详细地址' }).max(200),
    }),
  })
  .partial();

const service = () => strapi.service('api::profile.profile');

export default {
  me: answers(portalProfile, async (ctx) => service().me(userIdOf(ctx))),
  update: answers(portalProfile, async (ctx) => service().update(userIdOf(ctx), parse(changes, ctx.request.body))),
  stats: answers(portalStats, async (ctx) => service().stats(userIdOf(ctx))),
};

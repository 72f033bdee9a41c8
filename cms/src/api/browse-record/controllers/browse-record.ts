import { portalBrowsePage, portalBrowseSaved } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { z } from 'zod';
import { answers, badRequest, pageArgs, parse, userIdOf } from '../../../portal/http';
import { BROWSE_TYPES } from '../services/browse-record';

const browseType = z
  .string()
  .refine((t) => (BROWSE_TYPES as readonly string[]).includes(t), { error: (issue) => `不支持的浏览类型：${String(issue.input)}` });
const record = z.object({
  browseType,
  browseId: z.number({ error: 'browseId 必须是数字' }).int().positive({ error: 'browseId 必须是正整数' }),
  browseTime: z.string().max(40).optional(),
});
const batch = z.object({
  records: z.array(record).min(1, { error: '没有要同步的浏览记录' }).max(50, { error: '一次最多同步 50 条浏览记录' }),
});

const service = () => strapi.service('api::browse-record.browse-record');
type Input = Parameters<ReturnType<typeof service>['record']>[1];

export default factories.createCoreController('api::browse-record.browse-record', () => ({
  recordMine: answers(portalBrowseSaved, async (ctx) => service().record(userIdOf(ctx), parse(batch, ctx.request.body).records as Input)),
  listMine: answers(portalBrowsePage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, 10, 50);
    const type = ctx.query.type ? String(ctx.query.type) : undefined;
    if (type && !(BROWSE_TYPES as readonly string[]).includes(type)) throw badRequest(`不支持的浏览类型：${type}`);
    const { records, total } = await service().list(userIdOf(ctx), { type, offset, size });
    return { records, total, size, current: page, pages: Math.ceil(total / size) };
  }),
}));

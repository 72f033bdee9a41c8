import { z } from 'zod';
import { cultureItem } from './culture.ts';
import { envelope, positiveId } from './common.ts';

export const province = z
  .object({
    id: z.number().int().describe('/area/{id} 中的编号 1–34'),
    name: z.string().describe('简称，如 广西（/area?province= 使用的名称）'),
    fullName: z.string().describe('全称，如 广西壮族自治区'),
    code: z.string().describe('拼音代码，如 guangxi'),
    adcode: z.number().int(),
    culture: z.string().describe('文化简介'),
    cultureCount: z.number().int().describe('该省列出的已发布文化条目数（见 /api/province/{id}/cultures）'),
  })
  .meta({ id: 'Province' });
export type Province = z.infer<typeof province>;

export { simplifyProvinceName } from './province-name.ts';

export const provinceIdParam = z.object({ id: positiveId('省份编号') });
export const provinceCodeParam = z.object({ code: z.string().min(1).max(60).describe('拼音代码、行政区划代码、简称或全称') });
export const provinceResponse = envelope(z.object({ province }));
export const provinceListResponse = envelope(z.object({ provinces: z.array(province) }));
export const provinceTypesResponse = envelope(z.object({ types: z.array(z.string()) }));

export const provinceCulturesQuery = z.object({
  page: z.coerce.number({ error: 'page 必须是数字' }).int().min(1, { error: 'page 不能小于 1' }).default(1),
  size: z.coerce
    .number({ error: 'size 必须是数字' })
    .int()
    .min(1, { error: 'size 不能小于 1' })
    .max(100, { error: 'size 不能大于 100' })
    .default(50),
  type: z.string().max(30).optional().describe('类别名（如 传统戏剧、戏剧）或编号'),
  categoryId: z.coerce.number().int().optional(),
});
export const provinceCulturesResponse = envelope(z.object({ cultures: z.array(cultureItem), total: z.number().int() }));

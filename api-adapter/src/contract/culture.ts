import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './common.ts';

export const cultureFacts = z.object({
  serial: z.string().nullable().describe('国家级名录编号，如 Ⅳ-28'),
  batch: z.string().nullable().describe('批次，如 第一批'),
  batchYear: z.number().int().nullable(),
  region: z.string().nullable().describe('申报地区或单位'),
  entryKind: z.enum(['new', 'extension']).nullable(),
  unesco: z.string().nullable(),
  source: z.string().nullable(),
});

export const cultureItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    coverImage: z.string().describe('封面图的绝对地址'),
    images: z.string().describe('图片地址，换行分隔'),
    introVideo: z.string().describe('介绍视频地址；没有时为空串'),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    type: z.string().nullable().describe('类别的中文正式名称'),
    viewCount: z.number().int().min(0),
    description: z.string(),
    tagNames: z.array(z.string()),
    provinceId: z.number().int().nullable(),
    provinceName: z.string().nullable(),
    facts: cultureFacts.nullable(),
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'CultureItem' });
export type CultureItem = z.infer<typeof cultureItem>;

export const culturePageQuery = pageQuery(10).extend({
  category: z
    .union([z.literal(''), z.coerce.number({ error: 'category 必须是类别编号' }).int({ error: 'category 必须是整数' })])
    .optional()
    .describe('类别编号（66–75），留空表示全部'),
});

export const culturePageResponse = envelope(z.object({ page: pageOf(cultureItem) }));

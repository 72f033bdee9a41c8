import { z } from 'zod';
import { envelope, hotLatestEnvelope, idParam, pageOf, pageQuery } from './common.ts';
import { CULTURE_PAGE_SIZE, SEARCH_PAGE_SIZE } from './page-sizes.ts';

export const cultureFacts = z.object({
  serial: z.string().nullable().describe('国家级名录编号，如 Ⅳ-28'),
  batch: z.string().nullable().describe('批次，如 第一批'),
  batchYear: z.number().int().nullable(),
  region: z.string().nullable().describe('申报地区或单位'),
  entryKind: z.enum(['new', 'extension']).nullable(),
  unesco: z.string().nullable(),
  source: z.string().nullable(),
});

export const cultureProvince = z
  .object({
    id: z.number().int().describe('省份编号，/area/{id} 中的 id'),
    name: z.string().describe('简称，如 江苏'),
  })
  .meta({ id: 'CultureProvince' });
export type CultureProvince = z.infer<typeof cultureProvince>;

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
    provinceId: z
      .number()
      .int()
      .nullable()
      .describe('主要省份的编号：编辑认定的项目发源地或中心（昆曲 江苏），或唯一的申报省份；不能确定时为 null，这时看 provinces'),
    provinceName: z.string().nullable().describe('主要省份的简称；没有主要省份时为 null'),
    provinces: z
      .array(cultureProvince)
      .describe(
        '列出该条目的全部省份：主要省份在前，其后是其国家级名录条目（与标题同名或为其子项的条目）的申报地区所在的省份，按名录顺序。这些省份的 /area/{id} 与 /api/province/{id}/cultures 都列出它',
      ),
    facts: cultureFacts.nullable(),
    publishedAt: z.string().nullable(),
  })
  .meta({ id: 'CultureItem' });
export type CultureItem = z.infer<typeof cultureItem>;

export const culturePageQuery = pageQuery(CULTURE_PAGE_SIZE).extend({
  category: z
    .union([z.literal(''), z.coerce.number({ error: 'category 必须是类别编号' }).int({ error: 'category 必须是整数' })])
    .optional()
    .describe('类别编号（66–75），留空表示全部'),
});
export const culturePageResponse = envelope(z.object({ page: pageOf(cultureItem) }));

export const cultureSearchQuery = pageQuery(SEARCH_PAGE_SIZE).extend({
  keyword: z.string().max(1000, { error: '关键词过长' }).default('').describe('标题、简介、标签与正文；支持拼音全拼与首字母'),
});

/** A search hit: a culture article, an item of the national list or a national inheritor, saying which and where it opens. */
export const searchHit = cultureItem
  .extend({
    kind: z.enum(['culture', 'item', 'inheritor']).describe('culture 文化条目，item 国家级名录项目，inheritor 国家级代表性传承人'),
    kindText: z.string().describe('文化条目、名录项目 或 传承人'),
    href: z.string().describe('打开的网站地址：/culture/item/{id}、/minglu/{slug} 或 /minglu/{slug}#inheritor-{id}'),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHit>;
export const cultureSearchResponse = envelope(z.object({ page: pageOf(searchHit) }));

export const cultureIdParam = idParam;
export const cultureDetailResponse = envelope(z.object({ culture: cultureItem }));

export const hotLatestQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit 必须是数字' })
    .int({ error: 'limit 必须是整数' })
    .min(1, { error: 'limit 不能小于 1' })
    .max(20, { error: 'limit 不能大于 20' })
    .default(3),
});
export const hotLatestResponse = hotLatestEnvelope(z.object({ cultures: z.array(cultureItem) }));

export const category = z
  .object({
    id: z.number().int().describe('类别编号 66–75'),
    title: z.string().describe('显示名，如 戏剧'),
    officialName: z.string().describe('名录门类，如 传统戏剧'),
    description: z.string(),
    count: z.number().int().describe('本站已发布的条目数'),
  })
  .meta({ id: 'Category' });
export const categoriesResponse = envelope(z.object({ categories: z.array(category) }));

import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './common.ts';

const ROMAN = 'ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ';
const ROMAN_ASCII = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

/** A national-list serial in an address: Ⅳ-28 → iv-28. */
export function serialSlug(serial: string): string {
  const match = /^([ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ])-(\d+)$/.exec(serial);
  if (!match) throw new Error(`not a national-list serial: ${serial}`);
  return `${ROMAN_ASCII[ROMAN.indexOf(match[1]!)]}-${match[2]}`;
}

/** The serial an address names (iv-28 → Ⅳ-28), or undefined when it names none. */
export function serialFromSlug(slug: string): string | undefined {
  const match = /^([ivx]+)-([1-9]\d{0,3})$/.exec(slug);
  const numeral = match ? ROMAN_ASCII.indexOf(match[1]!) : -1;
  return numeral < 0 ? undefined : `${ROMAN[numeral]}-${match![2]}`;
}

/** Where the site opens an item of the list, and one of its inheritors. */
export const itemPath = (serial: string) => `/minglu/${serialSlug(serial)}`;
export const nationalInheritorPath = (serial: string, id: number) => `${itemPath(serial)}#inheritor-${id}`;

/** The dates the figures are true at (the list's fifth batch; the inheritors' sixth). */
export const AS_OF = { list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' } as const;

export const entryKind = z.enum(['new', 'extension']).describe('new 新增项目，extension 扩展项目');

export const nationalEntry = z
  .object({
    id: z.number().int(),
    serial: z.string().describe('项目编号，如 Ⅳ-28'),
    name: z.string().describe('名录中的名称（可含子项，如 藏戏（拉萨觉木隆））'),
    categoryId: z.number().int().describe('类别编号 66–75'),
    categoryName: z.string().describe('名录门类，如 传统戏剧'),
    batchYear: z.number().int(),
    batch: z.string().describe('批次，如 第一批'),
    kind: entryKind,
    kindText: z.string().describe('新增项目 或 扩展项目'),
    region: z.string().describe('申报地区或单位'),
    provinceName: z.string().nullable().describe('所属省份（简称）；国家级单位申报时为空'),
    href: z.string().describe('项目页面地址，如 /minglu/iv-28'),
    cultureId: z.number().int().nullable().describe('本站介绍文章的编号（/culture/item/{id}），没有时为空'),
  })
  .meta({ id: 'NationalEntry' });
export type NationalEntry = z.infer<typeof nationalEntry>;

export const nationalItem = z
  .object({
    serial: z.string(),
    slug: z.string().describe('地址中的编号，如 iv-28'),
    name: z.string().describe('项目名称'),
    categoryId: z.number().int(),
    categoryName: z.string(),
    firstBatchYear: z.number().int(),
    entryCount: z.number().int(),
    inheritorCount: z.number().int(),
    provinces: z.array(z.string()).describe('申报地区所在的省份（简称）'),
    href: z.string(),
    cultureId: z.number().int().nullable(),
  })
  .meta({ id: 'NationalItem' });
export type NationalItem = z.infer<typeof nationalItem>;

export const nationalInheritor = z
  .object({
    id: z.number().int().describe('传承人编号（与 /api/inheritor/{id} 相同）'),
    name: z.string(),
    gender: z.enum(['男', '女']).nullable(),
    birthYear: z.number().int().nullable(),
    ethnicity: z.string().nullable(),
    item: z.string().describe('名录中的项目名称'),
    serial: z.string(),
    categoryId: z.number().int(),
    region: z.string().describe('申报地区或单位'),
    provinceName: z.string().nullable(),
    batchYear: z.number().int(),
    batch: z.string().describe('认定批次，如 第二批'),
    href: z.string().describe('/minglu/{slug}#inheritor-{id}'),
  })
  .meta({ id: 'NationalInheritor' });
export type NationalInheritor = z.infer<typeof nationalInheritor>;

// '' (an empty filter field) means no filter, as in the culture page's category.
const optionalNumber = (name: string, min: number, max: number) =>
  z.union([
    z.literal(''),
    z.coerce
      .number({ error: `${name} 必须是数字` })
      .int({ error: `${name} 必须是整数` })
      .min(min, { error: `${name} 不能小于 ${min}` })
      .max(max, { error: `${name} 不能大于 ${max}` }),
  ]);

export const nationalEntriesQuery = pageQuery(20, 100).extend({
  categoryId: optionalNumber('categoryId', 1, 1000).optional().describe('类别编号（66–75）'),
  province: z
    .string()
    .trim()
    .max(20, { error: 'province 过长' })
    .optional()
    .describe('省份：简称、全称或拼音代码；national 表示国家级单位'),
  batchYear: optionalNumber('batchYear', 1900, 2100).optional().describe('公布年份：2006、2008、2011、2014、2021'),
  kind: z.union([z.literal(''), entryKind], { error: 'kind 只能是 new 或 extension' }).optional(),
});
export const nationalEntriesResponse = envelope(z.object({ page: pageOf(nationalEntry), asOf: z.string() }));

export const nationalItemParam = z.object({ slug: z.string().max(20).describe('项目编号的地址形式，如 iv-28') });
export const nationalItemResponse = envelope(
  z.object({
    item: nationalItem,
    entries: z.array(nationalEntry),
    inheritors: z.array(nationalInheritor),
    asOf: z.object({ list: z.string(), inheritors: z.string() }),
  }),
);

const tally = z.object({ items: z.number().int(), entries: z.number().int(), inheritors: z.number().int() });
export const nationalFigures = z
  .object({
    asOf: z.object({ list: z.string(), inheritors: z.string() }),
    totals: tally,
    categories: z.array(tally.extend({ categoryId: z.number().int(), categoryName: z.string() })),
    batches: z.array(
      z.object({
        batchYear: z.number().int(),
        batch: z.string(),
        newItems: z.number().int(),
        extendedItems: z.number().int(),
        entries: z.number().int(),
      }),
    ),
    inheritorBatches: z.array(z.object({ batchYear: z.number().int(), batch: z.string(), inheritors: z.number().int() })),
    provinces: z
      .array(
        tally.extend({
          provinceName: z.string().nullable().describe('省份简称；null 为国家级单位申报的条目'),
          categories: z.array(tally.extend({ categoryId: z.number().int() })),
        }),
      )
      .describe('每个省份的项目、条目与传承人数（项目：该省有申报条目的项目数）'),
  })
  .meta({ id: 'NationalFigures' });
export type NationalFigures = z.infer<typeof nationalFigures>;
export const nationalFiguresResponse = envelope(nationalFigures);

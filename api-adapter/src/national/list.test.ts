import { describe, expect, it } from 'vitest';
import { serialFromSlug, serialSlug } from '@feiyi/contract/national';
import { categories, provinceOf, raw, tables } from './list.fixture.ts';
import { batchNames, itemName, NationalList } from './list.ts';

const list = new NationalList(raw, categories);

describe('the national list in memory', () => {
  it('counts what the facts README publishes', () => {
    const { figures } = list;
    expect(figures.totals).toEqual({ items: 1557, entries: 3610, inheritors: 3995 });
    expect(Object.fromEntries(figures.categories.map((c) => [c.categoryName, [c.items, c.entries]]))).toEqual({
      民间文学: [167, 251],
      传统音乐: [189, 431],
      传统舞蹈: [144, 356],
      传统戏剧: [171, 473],
      曲艺: [145, 213],
      '传统体育、游艺与杂技': [109, 166],
      传统美术: [139, 417],
      传统技艺: [287, 629],
      传统医药: [23, 182],
      民俗: [183, 492],
    });
    expect(figures.categories.map((c) => c.categoryId)).toEqual([66, 67, 68, 69, 70, 71, 72, 73, 74, 75]);
    expect(figures.batches.map((b) => [b.batchYear, b.batch, b.newItems, b.extendedItems, b.entries])).toEqual([
      [2006, '第一批', 518, 0, 763],
      [2008, '第二批', 510, 147, 1352],
      [2011, '第三批', 191, 164, 567],
      [2014, '第四批', 153, 153, 463],
      [2021, '第五批', 185, 140, 465],
    ]);
    expect(figures.inheritorBatches.map((b) => [b.batch, b.inheritors])).toEqual([
      ['第一批', 226],
      ['第二批', 550],
      ['第三批', 705],
      ['第四批', 495],
      ['第五批', 1077],
      ['第六批', 942],
    ]);
    expect(figures.asOf).toEqual({ list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' });
  });

  it('adds up the provinces to the whole list, national bodies apart', () => {
    const { provinces: rows } = list.figures;
    expect(rows.reduce((sum, p) => sum + p.entries, 0)).toBe(3610);
    expect(rows.reduce((sum, p) => sum + p.inheritors, 0)).toBe(3995);
    const national = rows.find((p) => p.provinceName === null)!;
    expect(national.entries).toBe(tables.items.filter((r) => provinceOf(r.region) === null).length);
    const beijing = rows.find((p) => p.provinceName === '北京')!;
    const beijingSerials = new Set(tables.items.filter((r) => provinceOf(r.region) === '北京').map((r) => r.serial));
    expect(beijing.items).toBe(beijingSerials.size);
    expect(beijing.categories.reduce((sum, c) => sum + c.items, 0)).toBe(beijing.items);
    // Every province-level unit but 台湾 has entries on the list.
    expect(rows.filter((p) => p.provinceName !== null)).toHaveLength(33);
    expect(rows.find((p) => p.provinceName === '台湾')).toBeUndefined();
  });

  it('holds 京剧 Ⅳ-28 with its 2006 entries and later extensions', () => {
    const jingju = list.itemBySerial.get('Ⅳ-28')!;
    expect(jingju).toMatchObject({
      name: '京剧',
      slug: 'iv-28',
      href: '/minglu/iv-28',
      categoryName: '传统戏剧',
      firstBatchYear: 2006,
      cultureId: 7,
    });
    expect(list.entriesBySerial.get('Ⅳ-28')!.map((e) => `${e.batchYear} ${e.kindText} ${e.region}`)).toEqual([
      '2006 新增项目 北京市',
      '2006 新增项目 中国国家京剧院',
      '2006 新增项目 天津市',
      '2006 新增项目 辽宁省',
      '2006 新增项目 上海市',
      '2006 新增项目 山东省',
      '2008 扩展项目 湖北省京剧院',
      '2011 扩展项目 江苏省演艺集团',
      '2011 扩展项目 江苏省淮安市',
    ]);
    const liu = list.inheritorsBySerial.get('Ⅳ-28')!.find((p) => p.name === '刘长瑜')!;
    expect(liu).toMatchObject({ batch: '第二批', gender: '女', birthYear: 1942, provinceName: '北京' });
    expect(liu.href).toBe(`/minglu/iv-28#inheritor-${liu.id}`);
  });

  it('names items without their sub-entry remark and keeps national bodies out of provinces', () => {
    expect(list.itemBySerial.get('Ⅳ-80')!.name).toBe('藏戏');
    expect(list.itemBySerial.get('Ⅱ-34')).toMatchObject({ name: '古琴艺术', firstBatchYear: 2006 });
    expect(list.entriesBySerial.get('Ⅱ-34')![0]).toMatchObject({ region: '中国艺术研究院', provinceName: null });
    expect(list.itemBySerial.get('Ⅹ-1')).toMatchObject({ name: '春节', categoryName: '民俗' });
    expect(itemName(['剪纸（蔚县剪纸）', '剪纸（广东剪纸）', '格萨（斯）尔'])).toBe('剪纸');
  });

  it('filters entries by category, province, batch and kind', () => {
    const hubei = list.filterEntries({ categoryId: 67, province: '湖北', batchYear: 2008, kind: 'extension' });
    expect(hubei.length).toBeGreaterThan(0);
    expect(hubei.every((e) => e.categoryId === 67 && e.provinceName === '湖北' && e.batchYear === 2008 && e.kind === 'extension')).toBe(
      true,
    );
    expect(hubei.map((e) => e.region)).toContain('湖北省京剧院');
    expect(list.filterEntries({ province: null }).every((e) => e.provinceName === null)).toBe(true);
    expect(list.filterEntries({})).toHaveLength(3610);
  });

  it('numbers batches by their rank, so a future batch needs no code', () => {
    expect([...batchNames([2021, 2006, 2008, 2006, 2026])]).toEqual([
      [2006, '第一批'],
      [2008, '第二批'],
      [2021, '第三批'],
      [2026, '第四批'],
    ]);
  });

  it('writes serials into addresses and back', () => {
    expect(serialSlug('Ⅳ-28')).toBe('iv-28');
    expect(serialFromSlug('iv-28')).toBe('Ⅳ-28');
    expect(serialFromSlug('viii-143')).toBe('Ⅷ-143');
    for (const bad of ['xi-1', 'iv-0', 'iv-028', 'iv28', '', 'iiii-1', 'IV-28']) expect(serialFromSlug(bad), bad).toBeUndefined();
    for (const item of list.items) expect(serialFromSlug(item.slug)).toBe(item.serial);
  });
});

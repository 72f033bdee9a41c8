import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeedData } from './load-data';
import { cultureOfEntries, entryKeys, inheritorKey, inheritorSlug, serialSlug, type CultureRef } from './national';
import { loadNationalTables, provinceOfRegion } from './national-facts';

const data = loadSeedData(path.join(__dirname, 'data'));
const tables = loadNationalTables(path.join(__dirname, 'facts'));

// Declaring bodies of national standing: they belong to no province (the README's province rule).
const NATIONAL_BODIES = [
  '文化部',
  '中国艺术研究院',
  '中国艺术研究院中国书法院',
  '中国社会科学院《格萨（斯）尔》办公室',
  '中国中医科学院',
  '中国针灸学会',
  '中国民族医药学会',
  '中国中药协会',
  '中国棋院',
  '中国紫檀博物馆',
  '中国文学艺术界联合会书法家协会',
  '中国观赏石协会',
  '故宫博物院',
  '中国书店',
  '国家图书馆',
  '中国烹饪协会',
  '中华妈祖文化交流协会',
  '中国楹联学会',
  '中国农业博物馆',
  '中国珠算心算协会',
];

describe('province of a declaring region', () => {
  const regions = [...new Set([...tables.items.map((r) => r.region), ...tables.inheritors.map((r) => r.region)])];
  const provinceOf = (region: string) => provinceOfRegion(region, data.provinces, tables.seats);

  it('maps every region of both tables to a province, except the national bodies', () => {
    expect(regions).toHaveLength(1867);
    const unmapped = regions.filter((region) => provinceOf(region) === null);
    expect(unmapped.sort()).toEqual([...NATIONAL_BODIES].sort());
  });

  it('leaves no region unmapped that names a province', () => {
    const names = data.provinces.flatMap((p) => [p.name, p.shortName]);
    const naming = regions.filter((region) => provinceOf(region) === null && names.some((name) => region.includes(name)));
    expect(naming).toEqual([]);
  });

  it('maps every region to the province its name begins with, or to its listed seat', () => {
    const seats = new Map(tables.seats.map((s) => [s.region, s.province]));
    for (const region of regions) {
      const province = provinceOf(region);
      if (province === null) continue;
      const named = data.provinces.find((p) => region.startsWith(p.name) || region.startsWith(p.shortName));
      expect(named?.shortName ?? seats.get(region), region).toBe(province);
    }
    expect(provinceOf('北京市')).toBe('北京');
    expect(provinceOf('西藏自治区')).toBe('西藏');
    expect(provinceOf('青海省海南藏族自治州')).toBe('青海');
    expect(provinceOf('内蒙古莫力达瓦达斡尔族自治旗')).toBe('内蒙古');
    expect(provinceOf('香港特别行政区')).toBe('香港');
    expect(provinceOf('中国京剧院')).toBe('北京');
    expect(provinceOf('黄河水利委员会河南黄河河务局')).toBe('河南');
    expect(provinceOf('文化部')).toBeNull();
  });
});

describe('import keys', () => {
  it('gives each of the 3,610 entries its own key, numbering the one row the source lists twice', () => {
    const keys = entryKeys(tables.items);
    expect(new Set(keys).size).toBe(3610);
    expect(keys.filter((key) => key.includes('#'))).toEqual(['Ⅸ-3|2014|吉林省通化市|中药炮制技艺（人参炮制技艺）#2']);
  });

  it('gives each of the 3,995 inheritors its own key and slug', () => {
    expect(new Set(tables.inheritors.map(inheritorKey)).size).toBe(3995);
    const slugs = tables.inheritors.map(inheritorSlug);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+-\d+-\d{4}-[a-z0-9]+$/);
    expect(inheritorSlug({ name: '刘长瑜', itemSerial: 'Ⅳ-28', batchYear: 2008 })).toBe('iv-28-2008-liuchangyu');
  });

  it('writes serials into addresses as Roman numerals in ASCII', () => {
    expect(serialSlug('Ⅳ-28')).toBe('iv-28');
    expect(serialSlug('Ⅹ-1')).toBe('x-1');
    expect(serialSlug('Ⅷ-143')).toBe('viii-143');
    expect(() => serialSlug('京剧')).toThrow();
  });
});

describe('culture article of an entry', () => {
  const refs: CultureRef[] = data.cultures.map((c) => ({
    documentId: c.key,
    title: c.title,
    serial: c.serial,
    batchYear: c.batchYear,
    entryKind: c.entryKind,
  }));
  const articles = cultureOfEntries(tables.items, refs);
  const linkedTo = (serial: string) =>
    tables.items.flatMap((row, i) => (row.serial === serial ? [`${row.batchYear} ${row.region}: ${articles[i]}`] : []));

  it('links all of 京剧 Ⅳ-28, first batch and extensions, to the 京剧 article', () => {
    const jingju = data.cultures.find((c) => c.serial === 'Ⅳ-28')!;
    const rows = linkedTo('Ⅳ-28');
    expect(rows.length).toBeGreaterThan(6);
    for (const row of rows) expect(row.endsWith(`: ${jingju.key}`), row).toBe(true);
  });

  it('links only the sub-entries an article is about when a serial has several articles (剪纸 Ⅶ-16)', () => {
    const rows = linkedTo('Ⅶ-16');
    expect(rows.filter((row) => row.endsWith(': weixian-jianzhi'))).toEqual(['2006 河北省蔚县: weixian-jianzhi']);
    expect(rows.filter((row) => row.endsWith(': chaoyang-jianzhi')).length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.endsWith(': null')).length).toBeGreaterThan(10);
  });

  it('links no entry of a serial without an article', () => {
    const serials = new Set(data.cultures.map((c) => c.serial));
    tables.items.forEach((row, i) => {
      if (!serials.has(row.serial)) expect(articles[i]).toBeNull();
    });
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CultureItem, NationalFigures } from '@feiyi/contract';
import { simplifyProvinceName } from '@feiyi/contract';
import chinaMap from 'echarts-map-data/map/json/china.json' with { type: 'json' };
import { areaHref, MAP_UNITS, mapProvinces } from './provinces.ts';

const seedProvinces = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../cms/seed/data/provinces.json'), 'utf8'),
) as Array<{ name: string; shortName: string }>;

type Row = NationalFigures['provinces'][number];
const row = (provinceName: string | null, items: number): Row => ({
  provinceName,
  items,
  entries: items * 2,
  inheritors: items * 3,
  categories: [],
});

function culture(id: number, title: string, provinceName: string | null, viewCount: number): CultureItem {
  return {
    id,
    title,
    content: '',
    coverImage: '',
    images: '',
    introVideo: '',
    categoryId: null,
    categoryName: null,
    type: null,
    viewCount,
    description: '',
    tagNames: [],
    provinceId: null,
    provinceName,
    provinces: [],
    facts: null,
    publishedAt: null,
  };
}

describe('the map units', () => {
  it('are the 34 features of the boundary file, 台湾 香港 澳门 included', () => {
    const features = chinaMap.features.map((f) => f.properties.name);
    expect(features).toHaveLength(34);
    expect([...MAP_UNITS].sort()).toEqual([...features].sort());
    expect(MAP_UNITS).toEqual(expect.arrayContaining(['台湾', '香港', '澳门']));
  });

  it('are the 34 provinces of the CMS seed, by simplified name', () => {
    expect(seedProvinces.map((p) => simplifyProvinceName(p.name)).sort()).toEqual([...MAP_UNITS].sort());
    expect(seedProvinces.map((p) => p.shortName).sort()).toEqual([...MAP_UNITS].sort());
  });
});

describe('areaHref', () => {
  it('leads to /area?province= with the simplified name', () => {
    expect(areaHref('广西壮族自治区')).toBe(`/area?province=${encodeURIComponent('广西')}`);
    expect(areaHref('新疆')).toBe('/area?province=%E6%96%B0%E7%96%86');
    expect(decodeURIComponent(areaHref('香港特别行政区'))).toBe('/area?province=香港');
  });
});

describe('mapProvinces', () => {
  const figures = {
    provinces: [
      row(null, 120), // national bodies: never on the map
      row('浙江', 200),
      row('山西', 160),
      row('贵州', 140),
      row('广东', 150),
      row('江苏', 150),
      row('福建', 130),
      row('山东', 170),
      row('河北', 160),
      row('四川', 139),
      row('湖南', 118),
      row('云南', 125),
      row('北京', 100),
      row('新疆', 1),
    ],
  };
  const cultures = [
    culture(1, '越剧', '浙江', 50),
    culture(2, '龙泉青瓷烧制技艺', '浙江省', 90),
    culture(3, '西湖传说', '浙江', 50),
    culture(4, '昆曲', '江苏', 10),
    culture(5, '杭州雕版印刷技艺', '浙江', 5),
    culture(6, '京剧', '北京', 999),
    culture(7, '古琴艺术', null, 500),
  ];
  const rows = mapProvinces(figures, cultures);

  it('gives one row per unit, in the units order, with zeros where the list has none', () => {
    expect(rows.map((r) => r.name)).toEqual([...MAP_UNITS]);
    expect(rows.find((r) => r.name === '台湾')).toMatchObject({ items: 0, entries: 0, inheritors: 0, highlighted: false });
    expect(rows.find((r) => r.name === '新疆')).toMatchObject({ items: 1, entries: 2, inheritors: 3 });
  });

  it('highlights the 10 with the most items, ties in the units order', () => {
    const highlighted = rows.filter((r) => r.highlighted).map((r) => r.name);
    // 湖南 118 and 北京 100 are 11th and 12th; 山西 and 河北 tie at 160, 江苏 and 广东 at 150.
    expect(highlighted).toEqual(['河北', '山西', '江苏', '浙江', '福建', '山东', '广东', '四川', '贵州', '云南']);
  });

  it('names up to three articles of a highlighted province, most viewed first, ties by id', () => {
    expect(rows.find((r) => r.name === '浙江')!.representative).toEqual([
      { id: 2, title: '龙泉青瓷烧制技艺' },
      { id: 1, title: '越剧' },
      { id: 3, title: '西湖传说' },
    ]);
    expect(rows.find((r) => r.name === '江苏')!.representative).toEqual([{ id: 4, title: '昆曲' }]);
    expect(rows.find((r) => r.name === '北京')!.representative).toEqual([]);
  });

  it('links every row to its /area page', () => {
    expect(rows.find((r) => r.name === '内蒙古')!.href).toBe(`/area?province=${encodeURIComponent('内蒙古')}`);
  });

  it('highlights fewer than 10 when fewer have items', () => {
    const few = mapProvinces({ provinces: [row('西藏', 3), row('青海', 2)] }, []);
    expect(few.filter((r) => r.highlighted).map((r) => r.name)).toEqual(['西藏', '青海']);
  });
});

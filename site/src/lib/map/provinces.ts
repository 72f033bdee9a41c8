import { simplifyProvinceName } from '@feiyi/contract/province-name';
import type { CultureItem, NationalFigures, Province } from '@feiyi/contract';

/**
 * The 34 province-level units by the names of the map's boundary features (echarts' china.json), in the order of
 * GB/T 2260. The map is complete or not shown: every one of them has a region on the map and a row in the list.
 */
export const MAP_UNITS = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
] as const;

/** 10 provinces are highlighted on the map. */
export const HIGHLIGHTED_COUNT = 10;
/** Representative items named per highlighted province (the tooltip has room for three). */
export const REPRESENTATIVE_COUNT = 3;

/** Where a click on a province leads: /area?province={simplified name}. */
export function areaHref(name: string): string {
  return `/area?province=${encodeURIComponent(simplifyProvinceName(name))}`;
}

export interface MapProvince {
  /** The simplified name, also the boundary feature's name. */
  name: string;
  /** National representative items with an entry declared from the province (0 where the list has none). */
  items: number;
  entries: number;
  inheritors: number;
  highlighted: boolean;
  /** Titles of the site's culture articles about the province, most viewed first (highlighted provinces only). */
  representative: { id: number; title: string }[];
  href: string;
}

/**
 * The map's rows from the API's figures (computed from the national list) and the CMS's culture articles: one row per
 * unit of MAP_UNITS, in that order. The 10 with the most national items are highlighted (ties: the order of MAP_UNITS);
 * each highlighted one names up to three of its articles, most viewed first.
 */
export function mapProvinces(figures: Pick<NationalFigures, 'provinces'>, cultures: readonly CultureItem[]): MapProvince[] {
  const byName = new Map(
    figures.provinces.flatMap((row) => (row.provinceName === null ? [] : [[simplifyProvinceName(row.provinceName), row] as const])),
  );
  const rows = MAP_UNITS.map((name) => {
    const row = byName.get(name);
    return { name, items: row?.items ?? 0, entries: row?.entries ?? 0, inheritors: row?.inheritors ?? 0 };
  });
  const highlighted = new Set(
    rows
      .filter((row) => row.items > 0)
      .sort((a, b) => b.items - a.items || MAP_UNITS.indexOf(a.name) - MAP_UNITS.indexOf(b.name))
      .slice(0, HIGHLIGHTED_COUNT)
      .map((row) => row.name),
  );
  return rows.map((row) => {
    const isHighlighted = highlighted.has(row.name);
    const representative = isHighlighted
      ? cultures
          .filter((item) => item.provinceName !== null && simplifyProvinceName(item.provinceName) === row.name)
          .sort((a, b) => b.viewCount - a.viewCount || a.id - b.id)
          .slice(0, REPRESENTATIVE_COUNT)
          .map(({ id, title }) => ({ id, title }))
      : [];
    return { ...row, highlighted: isHighlighted, representative, href: areaHref(row.name) };
  });
}

/** The provinces' ids on /area/{id}, by simplified name, for the text list's links when the API gives them. */
export function provinceIdsByName(provinces: readonly Pick<Province, 'id' | 'name'>[]): Map<string, number> {
  return new Map(provinces.map((p) => [simplifyProvinceName(p.name), p.id]));
}

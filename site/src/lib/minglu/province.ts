/**
 * A province's part of the national list, for its province page: the true counts per category (items with an entry
 * declared in the province, the national inheritors recognised there) from the API's figures, and the items
 * themselves, each category linking into the browser filtered to the province.
 */
import type { NationalEntry, NationalFigures, NationalItem } from '@feiyi/contract';
import { compareSerials } from './serial.ts';
import { mingluBrowserHref } from './filter.ts';

export interface ProvinceCategory {
  categoryId: number;
  categoryName: string;
  items: number;
  entries: number;
  inheritors: number;
  href: string;
  list: Array<{ serial: string; name: string; href: string }>;
}

export interface ProvinceNational {
  items: number;
  entries: number;
  inheritors: number;
  href: string;
  asOf: NationalFigures['asOf'];
  categories: ProvinceCategory[];
}

export function provinceNational(
  provinceName: string,
  figures: Pick<NationalFigures, 'asOf' | 'categories' | 'provinces'>,
  records: ReadonlyArray<{ item: NationalItem; entries: readonly NationalEntry[] }>,
): ProvinceNational | undefined {
  const row = figures.provinces.find((p) => p.provinceName === provinceName);
  if (!row) return undefined;
  const names = new Map(figures.categories.map((c) => [c.categoryId, c.categoryName]));
  const inProvince = records
    .filter((r) => r.entries.some((e) => e.provinceName === provinceName))
    .map((r) => r.item)
    .sort((a, b) => compareSerials(a.serial, b.serial));
  return {
    items: row.items,
    entries: row.entries,
    inheritors: row.inheritors,
    href: mingluBrowserHref({ province: provinceName }),
    asOf: figures.asOf,
    categories: row.categories.map((c) => ({
      categoryId: c.categoryId,
      categoryName: names.get(c.categoryId) ?? '',
      items: c.items,
      entries: c.entries,
      inheritors: c.inheritors,
      href: mingluBrowserHref({ province: provinceName, category: c.categoryId }),
      list: inProvince
        .filter((item) => item.categoryId === c.categoryId)
        .map((item) => ({ serial: item.serial, name: item.name, href: item.href })),
    })),
  };
}

import type { CultureProvince } from '@feiyi/contract/culture';

/** A national-list entry as far as places go: its serial, its name and the province of its declaring region. */
export interface PlacedEntry {
  serial: string;
  name: string;
  /** Short name of the province-level unit; null for a national body (文化部, 中国艺术研究院 …). */
  province: string | null;
}

/**
 * Whether a national entry is one the article is about: the entry bears the article's title, or is one of the
 * title's sub-entries (京剧; 藏戏 → 藏戏（德格格萨尔藏戏）). An article about a sub-entry (石雕（绥德石雕）) is
 * about that sub-entry only, not every entry of its serial.
 */
export function isEntryOf(title: string, entryName: string): boolean {
  return entryName === title || entryName.startsWith(`${title}（`);
}

/**
 * Every province a culture item is listed under: its primary province first (the editors' choice, which may
 * be empty), then each province its national entries name, in the list's order. The national list is the
 * authority for the entries (same serial, named as the article); national bodies name no province.
 */
export function cultureProvinces(
  article: { title: string; serial: string | null; primary: CultureProvince | null },
  entriesBySerial: ReadonlyMap<string, readonly PlacedEntry[]>,
  provinceByName: ReadonlyMap<string, CultureProvince>,
): CultureProvince[] {
  const provinces = new Map<number, CultureProvince>();
  if (article.primary) provinces.set(article.primary.id, article.primary);
  const entries = article.serial === null ? [] : (entriesBySerial.get(article.serial) ?? []);
  for (const entry of entries) {
    if (entry.province === null || !isEntryOf(article.title, entry.name)) continue;
    const province = provinceByName.get(entry.province);
    if (province && !provinces.has(province.id)) provinces.set(province.id, province);
  }
  return [...provinces.values()];
}

import { z } from 'zod';
import {
  AS_OF,
  itemPath,
  nationalInheritorPath,
  serialSlug,
  type NationalEntry,
  type NationalFigures,
  type NationalInheritor,
  type NationalItem,
} from '@feiyi/contract/national';

/** The CMS's compact answer (GET /api/portal/national-list). */
export const strapiNationalList = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      serial: z.string(),
      name: z.string(),
      categoryCode: z.number().int().nullable(),
      batchYear: z.number().int(),
      kind: z.enum(['new', 'extension']),
      region: z.string(),
      province: z.string().nullable(),
      culturePid: z.number().int().nullable(),
    }),
  ),
  inheritors: z.array(
    z.object({
      pid: z.number().int(),
      name: z.string(),
      gender: z.enum(['male', 'female']).nullable(),
      birthYear: z.number().int().nullable(),
      ethnicity: z.string().nullable(),
      item: z.string().nullable(),
      itemSerial: z.string().nullable(),
      categoryCode: z.number().int().nullable(),
      region: z.string().nullable(),
      province: z.string().nullable(),
      batchYear: z.number().int().nullable(),
    }),
  ),
});
export type RawNationalList = z.infer<typeof strapiNationalList>;

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

/** 第一批, 第二批 … by the rank of each year among the batches there are (a new batch needs no code change). */
export function batchNames(years: Iterable<number>): Map<number, string> {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  return new Map(sorted.map((year, i) => [year, `第${NUMERALS[i] ?? i + 1}批`]));
}

/** An item's name: the first batch's new entries without their sub-entry remark (藏戏（拉萨觉木隆） → 藏戏), the most common one. */
export function itemName(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) {
    const base = name.replace(/（[^（）]*）$/, '').trim() || name;
    counts.set(base, (counts.get(base) ?? 0) + 1);
  }
  let best = names[0] ?? '';
  let bestCount = 0;
  for (const [name, count] of counts) if (count > bestCount) [best, bestCount] = [name, count];
  return best;
}

const KIND_TEXT = { new: '新增项目', extension: '扩展项目' } as const;

export interface CategoryInfo {
  id: number;
  officialName: string;
}

export interface EntryFilter {
  categoryId?: number | undefined;
  /** A province's short name, or null for entries of national bodies. */
  province?: string | null | undefined;
  batchYear?: number | undefined;
  kind?: 'new' | 'extension' | undefined;
}

type Tally = { items: number; entries: number; inheritors: number };
const emptyTally = (): Tally => ({ items: 0, entries: 0, inheritors: 0 });

/**
 * The national list in memory: entries, items (entries grouped by serial) and national inheritors,
 * with the figures the site shows computed from them.
 */
export class NationalList {
  readonly entries: NationalEntry[];
  readonly items: NationalItem[];
  readonly itemBySerial: Map<string, NationalItem>;
  readonly entriesBySerial: Map<string, NationalEntry[]>;
  readonly inheritors: NationalInheritor[];
  readonly inheritorsBySerial: Map<string, NationalInheritor[]>;
  readonly inheritorById: Map<number, NationalInheritor>;
  readonly figures: NationalFigures;

  constructor(raw: RawNationalList, categories: readonly CategoryInfo[]) {
    const categoryName = new Map(categories.map((c) => [c.id, c.officialName]));
    const entryBatches = batchNames(raw.entries.map((e) => e.batchYear));
    const inheritorBatches = batchNames(raw.inheritors.flatMap((i) => (i.batchYear === null ? [] : [i.batchYear])));

    this.entries = raw.entries
      .filter((e) => e.categoryCode !== null)
      .map((e) => ({
        id: e.id,
        serial: e.serial,
        name: e.name,
        categoryId: e.categoryCode!,
        categoryName: categoryName.get(e.categoryCode!) ?? '',
        batchYear: e.batchYear,
        batch: entryBatches.get(e.batchYear)!,
        kind: e.kind,
        kindText: KIND_TEXT[e.kind],
        region: e.region,
        provinceName: e.province,
        href: itemPath(e.serial),
        cultureId: e.culturePid,
      }));
    this.entriesBySerial = groupBy(this.entries, (e) => e.serial);

    this.inheritors = raw.inheritors
      .filter((i) => i.itemSerial !== null && i.categoryCode !== null && i.batchYear !== null && this.entriesBySerial.has(i.itemSerial))
      .map((i) => ({
        id: i.pid,
        name: i.name,
        gender: i.gender === 'male' ? '男' : i.gender === 'female' ? '女' : null,
        birthYear: i.birthYear,
        ethnicity: i.ethnicity,
        item: i.item ?? '',
        serial: i.itemSerial!,
        categoryId: i.categoryCode!,
        region: i.region ?? '',
        provinceName: i.province,
        batchYear: i.batchYear!,
        batch: inheritorBatches.get(i.batchYear!)!,
        href: nationalInheritorPath(i.itemSerial!, i.pid),
      }));
    this.inheritorsBySerial = groupBy(this.inheritors, (i) => i.serial);
    this.inheritorById = new Map(this.inheritors.map((i) => [i.id, i]));

    this.items = [...this.entriesBySerial].map(([serial, entries]) => {
      const firstYear = Math.min(...entries.map((e) => e.batchYear));
      const first = entries.filter((e) => e.batchYear === firstYear && e.kind === 'new');
      const article = entries.find((e) => e.cultureId !== null);
      return {
        serial,
        slug: serialSlug(serial),
        name: itemName((first.length > 0 ? first : entries).map((e) => e.name)),
        categoryId: entries[0]!.categoryId,
        categoryName: entries[0]!.categoryName,
        firstBatchYear: firstYear,
        entryCount: entries.length,
        inheritorCount: this.inheritorsBySerial.get(serial)?.length ?? 0,
        provinces: [...new Set(entries.flatMap((e) => (e.provinceName ? [e.provinceName] : [])))],
        href: itemPath(serial),
        cultureId: article?.cultureId ?? null,
      };
    });
    this.itemBySerial = new Map(this.items.map((item) => [item.serial, item]));
    this.figures = this.computeFigures(categories, entryBatches, inheritorBatches);
  }

  filterEntries(filter: EntryFilter): NationalEntry[] {
    return this.entries.filter(
      (e) =>
        (filter.categoryId === undefined || e.categoryId === filter.categoryId) &&
        (filter.province === undefined || e.provinceName === filter.province) &&
        (filter.batchYear === undefined || e.batchYear === filter.batchYear) &&
        (filter.kind === undefined || e.kind === filter.kind),
    );
  }

  private computeFigures(
    categories: readonly CategoryInfo[],
    entryBatches: Map<number, string>,
    inheritorBatches: Map<number, string>,
  ): NationalFigures {
    const byCategory = new Map(categories.map((c) => [c.id, emptyTally()]));
    const byProvince = new Map<string | null, { tally: Tally; categories: Map<number, Tally>; serials: Set<string> }>();
    const provinceBucket = (name: string | null) => {
      let bucket = byProvince.get(name);
      if (!bucket) byProvince.set(name, (bucket = { tally: emptyTally(), categories: new Map(), serials: new Set() }));
      return bucket;
    };
    const categoryOf = (bucket: { categories: Map<number, Tally> }, id: number) => {
      let tally = bucket.categories.get(id);
      if (!tally) bucket.categories.set(id, (tally = emptyTally()));
      return tally;
    };
    for (const item of this.items) {
      const tally = byCategory.get(item.categoryId);
      if (tally) {
        tally.items += 1;
        tally.entries += item.entryCount;
        tally.inheritors += item.inheritorCount;
      }
    }
    for (const entry of this.entries) {
      const bucket = provinceBucket(entry.provinceName);
      bucket.tally.entries += 1;
      categoryOf(bucket, entry.categoryId).entries += 1;
      if (!bucket.serials.has(entry.serial)) {
        bucket.serials.add(entry.serial);
        bucket.tally.items += 1;
        categoryOf(bucket, entry.categoryId).items += 1;
      }
    }
    for (const person of this.inheritors) {
      const bucket = provinceBucket(person.provinceName);
      bucket.tally.inheritors += 1;
      categoryOf(bucket, person.categoryId).inheritors += 1;
    }
    const newItems = new Map<number, number>();
    for (const item of this.items) newItems.set(item.firstBatchYear, (newItems.get(item.firstBatchYear) ?? 0) + 1);
    return {
      asOf: { ...AS_OF },
      totals: { items: this.items.length, entries: this.entries.length, inheritors: this.inheritors.length },
      categories: [...categories]
        .sort((a, b) => a.id - b.id)
        .map((c) => ({ categoryId: c.id, categoryName: c.officialName, ...(byCategory.get(c.id) ?? emptyTally()) })),
      batches: [...entryBatches].map(([batchYear, batch]) => {
        const entries = this.entries.filter((e) => e.batchYear === batchYear);
        return {
          batchYear,
          batch,
          newItems: newItems.get(batchYear) ?? 0,
          extendedItems: new Set(entries.filter((e) => e.kind === 'extension').map((e) => e.serial)).size,
          entries: entries.length,
        };
      }),
      inheritorBatches: [...inheritorBatches].map(([batchYear, batch]) => ({
        batchYear,
        batch,
        inheritors: this.inheritors.filter((i) => i.batchYear === batchYear).length,
      })),
      provinces: [...byProvince]
        .map(([provinceName, bucket]) => ({
          provinceName,
          ...bucket.tally,
          categories: [...bucket.categories]
            .map(([categoryId, tally]) => ({ categoryId, ...tally }))
            .sort((a, b) => a.categoryId - b.categoryId),
        }))
        .sort((a, b) => b.items - a.items || String(a.provinceName).localeCompare(String(b.provinceName))),
    };
  }
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

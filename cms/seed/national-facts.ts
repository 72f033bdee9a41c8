import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Checks the seed's structured facts against the national tables in seed/facts (the authority for serials,
 * categories, batches and regions). Pure functions over parsed rows; the test reads the files.
 */

export type ItemRow = {
  serial: string;
  name: string;
  category: string;
  batchYear: number;
  entryKind: string;
  region: string;
  source: string;
};
export type InheritorRow = {
  name: string;
  gender: string;
  birthYear: number | null;
  ethnicity: string;
  itemName: string;
  itemSerial: string;
  category: string;
  region: string;
  batchYear: number;
  source: string;
};
export type UnescoRow = { year: number; name: string; list: 'Representative' | 'Urgent Safeguarding' | 'Good Practices' };
/** A national body's seat where its name does not say it (seed/facts/seats.tsv). */
export type SeatRow = { region: string; province: string };

export type NationalTables = { items: ItemRow[]; inheritors: InheritorRow[]; unesco: UnescoRow[]; seats: SeatRow[] };

type Province = { name: string; shortName: string };
type Category = { code: number; officialName: string };
type CultureFacts = {
  key: string;
  title: string;
  category: number;
  province: string | null;
  region: string | null;
  serial: string | null;
  batchYear: number | null;
  batch: string | null;
  entryKind: string | null;
  unesco: string | null;
  unescoElement?: string | undefined;
  relatedSerials?: string[] | undefined;
};
type InheritorFacts = {
  key: string;
  name: string;
  item: string;
  serial: string | null;
  category: number;
  batch: string;
  batchYear: number;
  province: string | null;
  region: string | null;
  gender: string | null;
  birthYear: number | null;
  level: string;
};

/** Rows of a tab-separated file with a header line, as records keyed by the header's names. */
export function parseTsv(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  const names = (header ?? '').split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()]));
  });
}

export function loadNationalTables(factsDir: string): NationalTables {
  const read = (file: string) => parseTsv(readFileSync(path.join(factsDir, file), 'utf8'));
  return {
    items: read('national/items.tsv').map((r) => ({
      serial: r.serial!,
      name: r.name!,
      category: r.category!,
      batchYear: Number(r.batch_year),
      entryKind: r.entry_kind!,
      region: r.region!,
      source: r.source!,
    })),
    inheritors: read('national/inheritors.tsv').map((r) => ({
      name: r.name!,
      gender: r.gender!,
      birthYear: r.birth_year ? Number(r.birth_year) : null,
      ethnicity: r.ethnicity!,
      itemName: r.item_name!,
      itemSerial: r.item_serial!,
      category: r.category!,
      region: r.region!,
      batchYear: Number(r.batch_year),
      source: r.source!,
    })),
    unesco: read('unesco.tsv').map((r) => ({ year: Number(r.year), name: r.name_zh!, list: r.list as UnescoRow['list'] })),
    seats: read('seats.tsv').map((r) => ({ region: r.region!, province: r.province! })),
  };
}

export const ITEM_BATCHES: Record<number, string> = { 2006: '第一批', 2008: '第二批', 2011: '第三批', 2014: '第四批', 2021: '第五批' };
export const INHERITOR_BATCHES: Record<number, string> = {
  2007: '第一批',
  2008: '第二批',
  2009: '第三批',
  2012: '第四批',
  2018: '第五批',
  2025: '第六批',
};
const LIST_PHRASE: Record<UnescoRow['list'], string> = {
  Representative: '人类非物质文化遗产代表作名录',
  'Urgent Safeguarding': '急需保护的非物质文化遗产名录',
  'Good Practices': '优秀保护实践名册',
};

/** The element's name without the table's bracketed remark (joint nomination, transfer between lists). */
export function unescoElementName(name: string): string {
  return name.replace(/（[^（）]*(联合申报|转入)[^（）]*）$/, '');
}

/** The name in Chinese quotation marks, inner quotation marks turned into single ones. */
const quoted = (name: string) => `“${name.replace(/“/g, '‘').replace(/”/g, '’')}”`;

/**
 * The province-level unit a declaring region belongs to (short name), from the region's own name or a
 * seat listed in seats.tsv; null for a national body (文化部, 中国艺术研究院 …).
 */
export function provinceOfRegion(region: string, provinces: readonly Province[], seats: readonly SeatRow[]): string | null {
  for (const province of provinces) if (region.startsWith(province.name)) return province.shortName;
  for (const province of provinces) if (region.startsWith(province.shortName)) return province.shortName;
  return seats.find((seat) => seat.region === region)?.province ?? null;
}

const distinct = (values: readonly string[]) => [...new Set(values)];

/**
 * Rows of the entry a culture item stands for: same serial, batch and entry kind, named as the title or
 * as one of its sub-entries (京剧; 藏戏 → 藏戏（黄南藏戏） …).
 */
export function entryRows(rows: readonly ItemRow[], item: Pick<CultureFacts, 'serial' | 'title' | 'batchYear' | 'entryKind'>) {
  return rows.filter(
    (row) =>
      row.serial === item.serial &&
      row.batchYear === item.batchYear &&
      row.entryKind === item.entryKind &&
      (row.name === item.title || row.name.startsWith(`${item.title}（`)),
  );
}

/** Findings (empty when every fact agrees) for the culture items against the national list. */
export function checkCultures(
  cultures: readonly CultureFacts[],
  tables: NationalTables,
  categories: readonly Category[],
  provinces: readonly Province[],
): string[] {
  const findings: string[] = [];
  const officialName = new Map(categories.map((c) => [c.code, c.officialName]));
  const bySerial = new Map<string, ItemRow[]>();
  for (const row of tables.items) bySerial.set(row.serial, [...(bySerial.get(row.serial) ?? []), row]);

  for (const item of cultures) {
    const at = `${item.key}（${item.title}）`;
    const category = officialName.get(item.category);
    // An element may span categories (中国蚕桑丝织技艺: 传统技艺 and 民俗), so only existence is checked.
    for (const serial of item.relatedSerials ?? []) {
      if (!bySerial.has(serial)) findings.push(`${at}: related serial ${serial} is not in the national list`);
    }
    if (item.serial === null) {
      const named = tables.items.find((row) => row.name === item.title || row.name.startsWith(`${item.title}（`));
      if (named) findings.push(`${at}: the national list has it as ${named.serial} ${named.name}; serial missing`);
      for (const [field, value] of Object.entries({
        batchYear: item.batchYear,
        batch: item.batch,
        entryKind: item.entryKind,
        region: item.region,
      })) {
        if (value !== null) findings.push(`${at}: ${field} ${value} without a serial to verify it`);
      }
      continue;
    }
    const rows = bySerial.get(item.serial);
    if (!rows) {
      findings.push(`${at}: serial ${item.serial} is not in the national list`);
      continue;
    }
    if (rows[0]!.category !== category) findings.push(`${at}: ${item.serial} is ${rows[0]!.category}, seeded as ${category}`);
    if (item.batchYear === null) {
      // The item is part of a national item or stands for it as a whole (a UNESCO element): no single entry.
      for (const [field, value] of Object.entries({
        batch: item.batch,
        entryKind: item.entryKind,
        region: item.region,
        province: item.province,
      })) {
        if (value !== null) findings.push(`${at}: ${field} ${value} without a national entry (batchYear null) to verify it`);
      }
      continue;
    }
    if (item.batch !== ITEM_BATCHES[item.batchYear]) findings.push(`${at}: batch ${item.batch} does not match ${item.batchYear}`);
    const entry = entryRows(rows, item);
    if (entry.length === 0) {
      const seen = rows.map((r) => `${r.name} ${r.batchYear} ${r.entryKind} ${r.region}`).join('; ');
      findings.push(`${at}: no ${item.serial} entry named ${item.title} in ${item.batchYear} as ${item.entryKind} (the list has: ${seen})`);
      continue;
    }
    const regions = distinct(entry.map((r) => r.region));
    const region = regions.join('、');
    if (item.region !== region) findings.push(`${at}: region ${item.region} should be ${region}`);
    const province = provinceOfRegion(regions[0]!, provinces, tables.seats);
    if (item.province !== province)
      findings.push(`${at}: province ${item.province} should be ${province} (first declaring region ${regions[0]})`);
  }
  return findings;
}

/** Findings for the inheritors against the national inheritor table. */
export function checkInheritors(
  inheritors: readonly InheritorFacts[],
  tables: NationalTables,
  categories: readonly Category[],
  provinces: readonly Province[],
): string[] {
  const findings: string[] = [];
  const officialName = new Map(categories.map((c) => [c.code, c.officialName]));
  for (const person of inheritors) {
    const at = `${person.key}（${person.name}）`;
    if (person.level !== 'national') continue;
    const candidates = tables.inheritors.filter((row) => row.name === person.name);
    const row = candidates.find((r) => r.itemSerial === person.serial && r.batchYear === person.batchYear);
    if (!row) {
      const seen = candidates.map((r) => `${r.itemSerial} ${r.itemName} ${r.batchYear}`).join('; ') || 'none';
      findings.push(`${at}: no national inheritor ${person.name} of ${person.serial} in ${person.batchYear} (the table has: ${seen})`);
      continue;
    }
    const itemNames = new Set([row.itemName, ...tables.items.filter((i) => i.serial === row.itemSerial).map((i) => i.name)]);
    if (!itemNames.has(person.item))
      findings.push(`${at}: item ${person.item} is not a national name of ${row.itemSerial} (${row.itemName})`);
    if (officialName.get(person.category) !== row.category)
      findings.push(`${at}: category ${officialName.get(person.category)} should be ${row.category}`);
    if (person.batch !== INHERITOR_BATCHES[person.batchYear])
      findings.push(`${at}: batch ${person.batch} does not match ${person.batchYear}`);
    if (person.region !== row.region) findings.push(`${at}: region ${person.region} should be ${row.region}`);
    const province = provinceOfRegion(row.region, provinces, tables.seats);
    if (person.province !== province) findings.push(`${at}: province ${person.province} should be ${province} (region ${row.region})`);
    if (person.gender !== (row.gender || null)) findings.push(`${at}: gender ${person.gender} should be ${row.gender || null}`);
    if (person.birthYear !== row.birthYear) findings.push(`${at}: birth year ${person.birthYear} should be ${row.birthYear}`);
  }
  return findings;
}

/**
 * Findings for China's UNESCO elements: each is exactly one culture item (its `unescoElement`), whose
 * `unesco` text names the element, its first year and its current list; every other `unesco` text names
 * a real element with its year.
 */
export function checkUnesco(cultures: readonly CultureFacts[], tables: NationalTables): string[] {
  const findings: string[] = [];
  const elements = new Map(tables.unesco.map((row) => [unescoElementName(row.name), row]));
  for (const [name, element] of elements) {
    const items = cultures.filter((c) => c.unescoElement === name);
    if (items.length !== 1) findings.push(`UNESCO element ${name} (${element.year}) is ${items.length} culture items, not 1`);
  }
  for (const item of cultures) {
    const at = `${item.key}（${item.title}）`;
    if (item.unescoElement !== undefined) {
      const element = elements.get(item.unescoElement);
      if (!element) findings.push(`${at}: ${item.unescoElement} is not one of China's UNESCO elements`);
      else if (!item.unesco) findings.push(`${at}: element ${item.unescoElement} without its unesco text`);
      else {
        const transfer = /（(\d{4})年由急需保护名录转入代表作名录）$/.exec(element.name);
        const parts = [
          quoted(item.unescoElement),
          `${element.year}年`,
          LIST_PHRASE[element.list],
          ...(transfer ? [`${transfer[1]}年转入`] : []),
        ];
        for (const part of parts) {
          if (!item.unesco.includes(part)) findings.push(`${at}: unesco text lacks ${part}: ${item.unesco}`);
        }
      }
      continue;
    }
    if (item.unesco) {
      const named = [...elements].filter(([name, row]) => item.unesco!.includes(quoted(name)) && item.unesco!.includes(`${row.year}年`));
      if (named.length === 0) findings.push(`${at}: unesco text names no element with its year: ${item.unesco}`);
    }
  }
  return findings;
}

/** Findings for products and donation projects: each names the national item it draws on (as listed, or its name before a sub-entry). */
export function checkRelatedItems(records: ReadonlyArray<{ key: string; relatedItem: string }>, tables: NationalTables): string[] {
  const names = new Set<string>();
  for (const row of tables.items) {
    names.add(row.name);
    names.add(row.name.replace(/（.*$/, ''));
  }
  return records.filter((r) => !names.has(r.relatedItem)).map((r) => `${r.key}: ${r.relatedItem} is not a national item name`);
}

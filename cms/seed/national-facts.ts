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
  provinceNote?: string | undefined;
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
    findings.push(...checkPrimaryProvince(item, regions, provinces, tables.seats).map((finding) => `${at}: ${finding}`));
  }
  return findings;
}

/**
 * The primary province of an item whose entry was declared by `regions`: the province they all lie in; where they
 * lie in several (or a national body declared too), null, or one of them named as the item's home with a note
 * saying why. Never a province the entry does not name.
 */
export function checkPrimaryProvince(
  item: Pick<CultureFacts, 'province' | 'provinceNote'>,
  regions: readonly string[],
  provinces: readonly Province[],
  seats: readonly SeatRow[],
): string[] {
  const declaring = regions.map((region) => provinceOfRegion(region, provinces, seats));
  const named = distinct(declaring.filter((p): p is string => p !== null));
  const only = named.length === 1 && declaring.every((p) => p !== null) ? named[0]! : null;
  if (only) {
    if (item.province !== only) return [`province ${item.province} should be ${only}, where every declaring region lies`];
    return item.provinceNote ? [`provinceNote for an entry declared in ${only} alone`] : [];
  }
  if (item.province === null) return item.provinceNote ? ['provinceNote without a primary province'] : [];
  const findings: string[] = [];
  if (!named.includes(item.province)) findings.push(`primary province ${item.province} is not one of ${named.join('、') || 'none'}`);
  if (!item.provinceNote)
    findings.push(`primary province ${item.province} chosen among ${named.join('、')} without a provinceNote saying why`);
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

/**
 * Findings for prose that puts a Masterpiece on the Representative List in the year it was proclaimed: the
 * 2001, 2003 and 2005 proclamations (elements of unesco.tsv dated before 2008) made 人类口头和非物质遗产代表作,
 * and the list itself began in 2008. A sentence may name both, as long as it names the proclamation.
 */
export function checkProclamations(texts: ReadonlyArray<{ at: string; text: string }>, tables: NationalTables): string[] {
  const years = [...new Set(tables.unesco.filter((row) => row.year < 2008).map((row) => row.year))];
  const listed = new RegExp(`(${years.join('|')})年[^\\d。；]*?(列入|入选)[^\\d。；]*?人类非物质文化遗产代表作`);
  const findings: string[] = [];
  for (const { at, text } of texts) {
    for (const clause of text.split(/[。；]/)) {
      if (listed.test(clause) && !clause.includes('人类口头和非物质遗产代表作')) findings.push(`${at}: ${clause}`);
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

type ThemePageFacts = {
  slug: string;
  title: string;
  summary: string;
  body: readonly string[];
  relatedItems: readonly string[];
  verification: 'verified' | 'pending';
  note: string;
};

const SERIAL = /[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ]-\d+/g;
const themeText = (page: ThemePageFacts) => [page.summary, ...page.body, page.note].join('\n');
/** A national item's name without its sub-entry (唢呐艺术（灵璧菠林喇叭） → 唢呐艺术). */
const baseName = (name: string) => name.replace(/（.*$/, '');
/** Words that leave a fact open, and the words of a national-list fact (serial, batch, year, region). */
const DOUBT = /未核实|未经核实|尚未核实|待核实|仍在核对|尚未完成核对|是否/;
const LIST_FACT = /编号|申报|批|年份|列入|名录/;

/**
 * The national entries a theme page is about: rows named as its title, as “title + 艺术” (二胡 → 二胡艺术) or as one
 * of its related items, each also with its sub-entries (越剧 → 越剧（尹派）).
 */
export function themePageRows(page: Pick<ThemePageFacts, 'title' | 'relatedItems'>, tables: NationalTables): ItemRow[] {
  const names = [page.title, `${page.title}艺术`, ...page.relatedItems];
  return tables.items.filter((row) => names.some((name) => row.name === name || row.name.startsWith(`${name}（`)));
}

/**
 * The national entries a theme page names: rows named as one of its related items or a sub-entry of one, and,
 * where it names a sub-entry, the rows of the item itself (唢呐艺术（灵璧菠林喇叭） → the 2006 rows of 唢呐艺术).
 */
export function relatedEntryRows(page: Pick<ThemePageFacts, 'relatedItems'>, tables: NationalTables): ItemRow[] {
  const bases = new Set(page.relatedItems.map(baseName));
  return tables.items.filter(
    (row) => bases.has(row.name) || page.relatedItems.some((name) => row.name === name || row.name.startsWith(`${name}（`)),
  );
}

/**
 * Names in a page that read as a national entry with its sub-entry, 项目（子项）, but are not one: the related items,
 * and in the text every bracket right after an item's name, unless the bracket holds other facts (a digit, a
 * comma, a declaring region: 川剧（Ⅳ-12，…）, 湘绣（湖南省长沙市）).
 */
export function unlistedEntryNames(page: ThemePageFacts, tables: NationalTables): string[] {
  const names = new Set(tables.items.map((row) => row.name));
  const bases = [...new Set(tables.items.map((row) => baseName(row.name)))].sort((a, b) => b.length - a.length);
  const regions = [...new Set(tables.items.map((row) => row.region))];
  const candidates = page.relatedItems.filter((name) => name.includes('（') && bases.includes(baseName(name)));
  const text = themeText(page);
  for (let open = text.indexOf('（'); open !== -1; open = text.indexOf('（', open + 1)) {
    let depth = 0;
    let close = open;
    for (; close < text.length; close++) {
      if (text[close] === '（') depth++;
      if (text[close] === '）' && --depth === 0) break;
    }
    const inner = text.slice(open + 1, close);
    if (/\d|，/.test(inner) || regions.some((region) => inner.includes(region))) continue;
    const base = bases.find((name) => text.slice(0, open).endsWith(name));
    if (base) candidates.push(`${base}（${inner}）`);
  }
  return distinct(candidates.filter((name) => !names.has(name)));
}

/**
 * Findings for the theme pages: a page still marked pending whose item the national list resolves, a serial in
 * a page's text that is not one of the page's own entries, a sub-entry name the list does not have, and a
 * sentence that leaves a list fact open (未核实 …) on a page whose entries the list gives.
 */
export function checkThemePages(pages: readonly ThemePageFacts[], tables: NationalTables): string[] {
  const findings: string[] = [];
  for (const page of pages) {
    const at = `${page.slug}（${page.title}）`;
    const rows = themePageRows(page, tables);
    if (page.verification === 'pending' && rows.length > 0) {
      const seen = distinct(rows.map((r) => `${r.serial} ${r.name} ${r.batchYear} ${r.region}`)).join('; ');
      findings.push(`${at}: marked pending, but the national list resolves it (${seen})`);
    }
    const own = new Set(rows.map((r) => r.serial));
    for (const serial of distinct(themeText(page).match(SERIAL) ?? [])) {
      if (!own.has(serial)) findings.push(`${at}: serial ${serial} in the text is not one of the page's national entries`);
    }
    for (const name of unlistedEntryNames(page, tables)) findings.push(`${at}: ${name} is not an entry of the national list`);
    if (rows.length > 0 || relatedEntryRows(page, tables).length > 0) {
      for (const sentence of themeText(page).split(/[。；\n]/)) {
        if (DOUBT.test(sentence) && LIST_FACT.test(sentence))
          findings.push(`${at}: leaves open what the national list settles: ${sentence}`);
      }
    }
  }
  return findings;
}

/**
 * The facts of a theme page's national entries (by default those it names) its text does not state: each
 * entry's serial, category, year, batch, declaring region and new/extension kind (新增/扩展).
 */
export function unstatedEntryFacts(page: ThemePageFacts, tables: NationalTables, rows = relatedEntryRows(page, tables)): string[] {
  const text = themeText(page);
  const missing: string[] = [];
  for (const row of rows) {
    const facts = [row.serial, row.category, `${row.batchYear}年`, ITEM_BATCHES[row.batchYear]!, row.region, row.entryKind.slice(0, 2)];
    for (const fact of facts) if (!text.includes(fact)) missing.push(`${page.slug}: ${row.name} ${fact}`);
  }
  return distinct(missing);
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { pinyin } from 'pinyin-pro';
import { insertDocuments, type BulkDocument } from './bulk';
import { INHERITOR_BATCHES, loadNationalTables, provinceOfRegion, type InheritorRow, type ItemRow, type SeatRow } from './national-facts';

/**
 * The national list (seed/facts/national) as living data: every entry a `national-entry`, every national
 * inheritor an `inheritor` (joining the written profiles). Each imported record keeps the key it was
 * imported under, so a re-import adds only what is missing and never touches what an editor corrected.
 */

const IMPORT_STORE = { type: 'core', name: 'portal', key: 'national-import' } as const;
const IMPORT_VERSION = 1;
const CHUNK = 400;

const ROMAN = ['Ⅰ', 'Ⅱ', 'Ⅲ', 'Ⅳ', 'Ⅴ', 'Ⅵ', 'Ⅶ', 'Ⅷ', 'Ⅸ', 'Ⅹ'];
const ROMAN_ASCII = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'];

/** The serial in an address: Ⅳ-28 → iv-28. */
export function serialSlug(serial: string): string {
  const match = /^([ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ])-(\d+)$/.exec(serial);
  if (!match) throw new Error(`not a national-list serial: ${serial}`);
  return `${ROMAN_ASCII[ROMAN.indexOf(match[1]!)]}-${match[2]}`;
}

/**
 * Import keys of the entries, in table order. An entry is its serial, batch and declaring region; the
 * name tells sub-entries of one region apart (Ⅳ-80 藏戏 has six from 西藏自治区 in 2006), and the one row
 * the source lists twice (Ⅸ-3, 吉林省通化市, 2014) gets an occurrence number.
 */
export function entryKeys(rows: readonly ItemRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const key = `${row.serial}|${row.batchYear}|${row.region}|${row.name}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  });
}

/** An inheritor is keyed by name, item serial and batch (unique in the table). */
export const inheritorKey = (row: Pick<InheritorRow, 'name' | 'itemSerial' | 'batchYear'>) =>
  `${row.name}|${row.itemSerial}|${row.batchYear}`;

/** ASCII slug of an imported inheritor: item serial, batch year and the name in pinyin (iv-28-2008-liuchangyu). */
export function inheritorSlug(row: Pick<InheritorRow, 'name' | 'itemSerial' | 'batchYear'>): string {
  const name = pinyin(row.name, { toneType: 'none', type: 'array', nonZh: 'removed' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return `${serialSlug(row.itemSerial)}-${row.batchYear}-${name || 'x'}`;
}

export interface CultureRef {
  documentId: string;
  title: string;
  serial: string | null;
  batchYear: number | null;
  entryKind: string | null;
}

/**
 * The culture article of each entry (by row index), where one exists: the article written about that
 * very entry (same serial, batch and kind, named as the title or one of its sub-entries), otherwise the
 * only article of the serial (京剧's later extensions belong to the 京剧 article). A serial with articles
 * about different sub-entries (剪纸: 蔚县, 广东) links only the entries they are about.
 */
export function cultureOfEntries(rows: readonly ItemRow[], cultures: readonly CultureRef[]): Array<string | null> {
  const bySerial = new Map<string, CultureRef[]>();
  for (const culture of cultures) {
    if (culture.serial) bySerial.set(culture.serial, [...(bySerial.get(culture.serial) ?? []), culture]);
  }
  return rows.map((row) => {
    const candidates = bySerial.get(row.serial) ?? [];
    const about = candidates.find(
      (c) =>
        c.batchYear === row.batchYear && c.entryKind === row.entryKind && (row.name === c.title || row.name.startsWith(`${c.title}（`)),
    );
    if (about) return about.documentId;
    return candidates.length === 1 ? candidates[0]!.documentId : null;
  });
}

type Strapi = Core.Strapi;

/** Test hook: NATIONAL_IMPORT_ABORT_AFTER=n fails the import once n documents are written, as a kill would. */
function checkAbort(written: number) {
  const abortAfter = Number(process.env.NATIONAL_IMPORT_ABORT_AFTER ?? 0);
  if (abortAfter > 0 && written >= abortAfter)
    throw new Error(`[national] import aborted after ${written} documents (NATIONAL_IMPORT_ABORT_AFTER)`);
}

function factsHash(factsDir: string) {
  const hash = createHash('sha1').update(`v${IMPORT_VERSION}`);
  for (const file of ['national/items.tsv', 'national/inheritors.tsv', 'seats.tsv']) hash.update(readFileSync(path.join(factsDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Imports the national list once per version of the facts (NATIONAL_IMPORT=always re-runs it regardless):
 * what is missing is added, what exists is left as editors made it.
 */
export async function importNationalList(strapi: Strapi) {
  const factsDir = path.join(strapi.dirs.app.root, 'seed', 'facts');
  const hash = factsHash(factsDir);
  const store = strapi.store({ type: IMPORT_STORE.type, name: IMPORT_STORE.name });
  if (process.env.NATIONAL_IMPORT !== 'always' && (await store.get({ key: IMPORT_STORE.key })) === hash) {
    strapi.log.info(`[national] up to date (${hash})`);
    return;
  }
  const started = Date.now();
  const tables = loadNationalTables(factsDir);
  const categories = (await strapi.db.query('api::category.category').findMany({ select: ['id', 'officialName'] })) as Array<{
    id: number;
    officialName: string;
  }>;
  const categoryId = new Map(categories.map((c) => [c.officialName, c.id]));
  const provinces = (await strapi.db.query('api::province.province').findMany({ select: ['id', 'name', 'shortName'] })) as Array<{
    id: number;
    name: string;
    shortName: string;
  }>;
  const provinceId = new Map(provinces.map((p) => [p.shortName, p.id]));
  const provinceOf = memoProvince(provinces, tables.seats);

  const entries = await importEntries(strapi, tables.items, { categoryId, provinceId, provinceOf });
  const inheritors = await importInheritors(strapi, tables.inheritors, { categoryId, provinceId, provinceOf }, entries);
  await store.set({ key: IMPORT_STORE.key, value: hash });
  strapi.log.info(
    `[national] ${entries} entries and ${inheritors.created} inheritors added, ${inheritors.linked} written profiles linked in ${Date.now() - started} ms (${hash})`,
  );
}

function memoProvince(provinces: ReadonlyArray<{ name: string; shortName: string }>, seats: readonly SeatRow[]) {
  const memo = new Map<string, string | null>();
  return (region: string) => {
    if (!memo.has(region)) memo.set(region, provinceOfRegion(region, provinces, seats));
    return memo.get(region)!;
  };
}

interface Lookups {
  categoryId: Map<string, number>;
  provinceId: Map<string, number>;
  provinceOf: (region: string) => string | null;
}

async function importEntries(strapi: Strapi, rows: readonly ItemRow[], lookups: Lookups): Promise<number> {
  const uid = 'api::national-entry.national-entry';
  const existing = new Set(
    ((await strapi.db.query(uid).findMany({ select: ['importKey'] })) as Array<{ importKey: string | null }>).map((r) => r.importKey),
  );
  const cultureRows = (await strapi.db.query('api::culture.culture').findMany({
    select: ['id', 'documentId', 'title', 'publishedAt'],
    populate: { listing: true },
  })) as Array<{
    id: number;
    documentId: string;
    title: string;
    listing?: { serial: string | null; batchYear: number | null; entryKind: 'new' | 'extension' | null } | null;
  }>;
  const cultureRowIds = new Map<string, number[]>();
  const cultures = new Map<string, CultureRef>();
  for (const row of cultureRows) {
    cultureRowIds.set(row.documentId, [...(cultureRowIds.get(row.documentId) ?? []), row.id]);
    const listing = row.listing;
    cultures.set(row.documentId, {
      documentId: row.documentId,
      title: row.title,
      serial: listing?.serial ?? null,
      batchYear: listing?.batchYear ?? null,
      entryKind: listing?.entryKind === 'extension' ? '扩展项目' : listing?.entryKind === 'new' ? '新增项目' : null,
    });
  }
  const articles = cultureOfEntries(rows, [...cultures.values()]);
  const keys = entryKeys(rows);
  const missing: BulkDocument[] = [];
  rows.forEach((row, i) => {
    if (existing.has(keys[i]!)) return;
    const province = lookups.provinceOf(row.region);
    const article = articles[i];
    missing.push({
      data: {
        serial: row.serial,
        name: row.name,
        batchYear: row.batchYear,
        entryKind: row.entryKind === '扩展项目' ? 'extension' : 'new',
        region: row.region,
        source: row.source,
        importKey: keys[i],
      },
      links: {
        category: [lookups.categoryId.get(row.category)!],
        province: province ? [lookups.provinceId.get(province)!] : [],
        culture: article ? (cultureRowIds.get(article) ?? []) : [],
      },
    });
  });
  let written = 0;
  for (let i = 0; i < missing.length; i += CHUNK) {
    await insertDocuments(strapi, uid, missing.slice(i, i + CHUNK));
    written += Math.min(CHUNK, missing.length - i);
    checkAbort(written);
  }
  return written;
}

async function importInheritors(
  strapi: Strapi,
  rows: readonly InheritorRow[],
  lookups: Lookups,
  alreadyWritten: number,
): Promise<{ created: number; linked: number }> {
  const uid = 'api::inheritor.inheritor';
  const existing = (await strapi.db.query(uid).findMany({
    select: ['documentId', 'importKey', 'name', 'batchYear', 'itemSerial', 'region', 'ethnicity', 'slug', 'pid'],
  })) as Array<{
    documentId: string;
    importKey: string | null;
    name: string;
    batchYear: number | null;
    itemSerial: string | null;
    region: string | null;
    ethnicity: string | null;
    slug: string;
    pid: number | null;
  }>;
  const keys = new Set(existing.map((r) => r.importKey).filter(Boolean));
  const slugs = new Set(existing.map((r) => r.slug));
  let pid = Math.max(0, ...existing.map((r) => r.pid ?? 0));

  // Written profiles from before the import carry no key yet: link each to its table row once
  // (key plus the list facts they lack; nothing an editor filled in is replaced).
  let linked = 0;
  const unkeyed = existing.filter((r) => !r.importKey);
  const linkedDocuments = new Set<string>();
  for (const person of unkeyed) {
    if (linkedDocuments.has(person.documentId)) continue;
    const row = rows.find(
      (r) =>
        r.name === person.name && r.batchYear === person.batchYear && (person.itemSerial === null || r.itemSerial === person.itemSerial),
    );
    if (!row || keys.has(inheritorKey(row))) continue;
    linkedDocuments.add(person.documentId);
    keys.add(inheritorKey(row));
    await strapi.db.query(uid).updateMany({
      where: { documentId: person.documentId },
      data: {
        importKey: inheritorKey(row),
        itemSerial: person.itemSerial ?? row.itemSerial,
        region: person.region ?? row.region,
        ethnicity: person.ethnicity ?? (row.ethnicity || null),
      },
    });
    linked += 1;
  }

  const missing: BulkDocument[] = [];
  for (const row of rows) {
    const key = inheritorKey(row);
    if (keys.has(key)) continue;
    let slug = inheritorSlug(row);
    for (let n = 2; slugs.has(slug); n += 1) slug = `${inheritorSlug(row)}-${n}`;
    slugs.add(slug);
    pid += 1;
    const province = lookups.provinceOf(row.region);
    missing.push({
      data: {
        pid,
        slug,
        name: row.name,
        item: row.itemName,
        itemSerial: row.itemSerial,
        skillType: row.itemName,
        level: 'national',
        batch: INHERITOR_BATCHES[row.batchYear] ?? `${row.batchYear}年`,
        batchYear: row.batchYear,
        gender: row.gender === '男' ? 'male' : row.gender === '女' ? 'female' : null,
        birthYear: row.birthYear,
        ethnicity: row.ethnicity || null,
        region: row.region,
        source: row.source,
        importKey: key,
      },
      links: {
        category: [lookups.categoryId.get(row.category)!],
        province: province ? [lookups.provinceId.get(province)!] : [],
      },
    });
  }
  let written = 0;
  for (let i = 0; i < missing.length; i += CHUNK) {
    await insertDocuments(strapi, uid, missing.slice(i, i + CHUNK));
    written += Math.min(CHUNK, missing.length - i);
    checkAbort(alreadyWritten + written);
  }
  return { created: written, linked };
}

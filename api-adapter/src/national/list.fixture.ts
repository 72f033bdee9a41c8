import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadNationalTables, provinceOfRegion } from '../../../cms/seed/national-facts.ts';
import type { RawNationalList } from './list.ts';

// The list as the CMS answers it after the import, built here from the same facts tables.
const root = path.resolve(import.meta.dirname, '../../../cms/seed');
export const tables = loadNationalTables(path.join(root, 'facts'));
export const categories = (
  JSON.parse(readFileSync(path.join(root, 'data/categories.json'), 'utf8')) as Array<{ code: number; officialName: string }>
).map((c) => ({ id: c.code, officialName: c.officialName }));
const provinces = JSON.parse(readFileSync(path.join(root, 'data/provinces.json'), 'utf8')) as Array<{ name: string; shortName: string }>;
const codeOf = new Map(categories.map((c) => [c.officialName, c.id]));
export const provinceOf = (region: string) => provinceOfRegion(region, provinces, tables.seats);
export const raw: RawNationalList = {
  entries: tables.items.map((row, i) => ({
    id: i + 1,
    serial: row.serial,
    name: row.name,
    categoryCode: codeOf.get(row.category)!,
    batchYear: row.batchYear,
    kind: row.entryKind === '扩展项目' ? 'extension' : 'new',
    region: row.region,
    province: provinceOf(row.region),
    culturePid: row.serial === 'Ⅳ-28' ? 7 : null,
  })),
  inheritors: tables.inheritors.map((row, i) => ({
    pid: i + 1,
    name: row.name,
    gender: row.gender === '男' ? 'male' : 'female',
    birthYear: row.birthYear,
    ethnicity: row.ethnicity || null,
    item: row.itemName,
    itemSerial: row.itemSerial,
    categoryCode: codeOf.get(row.category)!,
    region: row.region,
    province: provinceOf(row.region),
    batchYear: row.batchYear,
  })),
};

import type { NationalEntry, NationalFigures, NationalInheritor, NationalItem } from '@feiyi/contract';
import { describe, expect, it } from 'vitest';
import { nextChangeLog, tableChanges } from './changes.ts';
import { inheritorsDate } from './build.ts';
import { dataFiles, dataPackage, sha256, tableFiles, versionName } from './package.ts';
import { BOM, entryId, listTables, pinyinOf, toCsv, toJsonLines } from './tables.ts';
import { DATA_FILE_NAMES } from './files.ts';

const item: NationalItem = {
  serial: 'Ⅳ-28',
  slug: 'iv-28',
  name: '昆曲',
  categoryId: 69,
  categoryName: '传统戏剧',
  firstBatchYear: 2006,
  entryCount: 2,
  inheritorCount: 1,
  provinces: ['江苏', '北京'],
  href: '/minglu/iv-28',
  cultureId: 7,
};
const entry = (id: number, region: string, provinceName: string | null): NationalEntry => ({
  id,
  serial: 'Ⅳ-28',
  name: '昆曲',
  categoryId: 69,
  categoryName: '传统戏剧',
  batchYear: 2006,
  batch: '第一批',
  kind: 'new',
  kindText: '新增项目',
  region,
  provinceName,
  href: '/minglu/iv-28',
  cultureId: 7,
});
const person: NationalInheritor = {
  id: 501,
  name: '张继青',
  gender: '女',
  birthYear: 1938,
  ethnicity: '汉族',
  item: '昆曲',
  serial: 'Ⅳ-28',
  categoryId: 69,
  region: '江苏省',
  provinceName: '江苏',
  batchYear: 2007,
  batch: '第一批',
  href: '/minglu/iv-28#inheritor-501',
};
const figures: NationalFigures = {
  asOf: { list: '截至第五批（2021 年）', inheritors: '截至 2025 年 3 月' },
  totals: { items: 1, entries: 2, inheritors: 1 },
  categories: [{ categoryId: 69, categoryName: '传统戏剧', items: 1, entries: 2, inheritors: 1 }],
  batches: [{ batchYear: 2006, batch: '第一批', newItems: 1, extendedItems: 0, entries: 2 }],
  inheritorBatches: [{ batchYear: 2007, batch: '第一批', inheritors: 1 }],
  provinces: [
    { provinceName: '江苏', items: 1, entries: 1, inheritors: 1, categories: [] },
    { provinceName: null, items: 1, entries: 1, inheritors: 0, categories: [] },
  ],
};
const records = {
  items: [{ item, entries: [entry(11, '江苏省', '江苏'), entry(12, '北京市, "北方昆曲剧院"', null)], inheritors: [person] }],
  figures,
};
const origin = 'https://feiyi.example';

describe('the open-data tables', () => {
  const tables = listTables(records, origin);
  const byName = (name: string) => tables.find((table) => table.name === name)!;

  it('give every row a stable id, pinyin beside its name and its page on the site', () => {
    expect(byName('entries').rows[0]).toMatchObject({
      entry_id: 'iv-28-2006-11',
      name_pinyin: 'kūn qǔ',
      region_pinyin: 'jiāng sū shěng',
      url: 'https://feiyi.example/minglu/iv-28',
    });
    expect(byName('inheritors').rows[0]).toMatchObject({
      inheritor_id: 501,
      name_pinyin: 'zhāng jì qīng',
      url: 'https://feiyi.example/minglu/iv-28#inheritor-501',
    });
    expect(byName('items').rows[0]).toMatchObject({ serial: 'Ⅳ-28', provinces: '江苏、北京' });
    expect(byName('provinces').rows.map((row) => row.province_name)).toEqual(['江苏', '国家级单位']);
    expect(entryId(entry(12, 'x', null))).toBe('iv-28-2006-12');
    expect(pinyinOf('传统技艺（ABC）')).toBe('chuán tǒng jì yì （ABC）');
  });

  it('write CSV with a BOM, a header, quoted cells and CRLF, and JSON Lines with nulls', () => {
    const csv = toCsv(byName('entries'));
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      byName('entries')
        .fields.map((f) => f.name)
        .join(','),
    );
    expect(lines[2]).toContain('"北京市, ""北方昆曲剧院"""');
    expect(lines[2]).toContain(',,7,'); // no province: an empty cell
    expect(lines.at(-1)).toBe('');
    const jsonl = toJsonLines(byName('entries')).trimEnd().split('\n');
    expect(jsonl).toHaveLength(2);
    expect(JSON.parse(jsonl[1]!)).toMatchObject({ province_name: null, region: '北京市, "北方昆曲剧院"' });
  });

  it('describe every table in the data package, with keys, hashes and sizes of the CSV files', () => {
    const files = tableFiles(tables);
    const descriptor = dataPackage(tables, files, { version: 'v', created: '2026-01-01T00:00:00Z', origin }) as {
      resources: Array<{
        name: string;
        path: string;
        hash: string;
        bytes: number;
        schema: { primaryKey: string[]; foreignKeys: unknown[]; fields: Array<{ description: string }> };
      }>;
    };
    expect(descriptor.resources.map((r) => r.name)).toEqual([
      'items',
      'entries',
      'inheritors',
      'provinces',
      'categories',
      'batches',
      'inheritor-batches',
    ]);
    const entries = descriptor.resources[1]!;
    expect(entries.hash).toBe(`sha256:${sha256(toCsv(byName('entries')))}`);
    expect(entries.bytes).toBe(Buffer.byteLength(toCsv(byName('entries'))));
    expect(entries.schema.foreignKeys).toContainEqual({ fields: ['serial'], reference: { resource: 'items', fields: ['serial'] } });
    expect(entries.schema.fields[0]!.description).toMatch(/稳定编号.*｜Stable entry id/);
  });

  it('are all the files the /data endpoints serve, the checksums over every other', () => {
    const files = dataFiles(tables, { versions: [] }, { version: 'v', created: '2026-01-01T00:00:00Z', origin });
    expect(files.map((f) => f.name)).toEqual(DATA_FILE_NAMES);
    const sums = files.at(-1)!.content.trimEnd().split('\n');
    expect(sums).toHaveLength(files.length - 1);
    expect(sums[0]).toBe(`${sha256(files[0]!.content)}  items.csv`);
  });

  it('name the version by the list date, the inheritors date and the build time', () => {
    expect(inheritorsDate('截至 2025 年 3 月')).toBe('2025-03');
    expect(versionName({ listDate: '2021', inheritorsDate: '2025-03', built: '2026-11-29T17:02:11Z' })).toBe(
      'list-2021.inheritors-2025-03.build-20261129T170211Z',
    );
  });
});

describe('the change log', () => {
  const tables = listTables(records, origin);
  const rowsOf = (name: string) => tables.find((table) => table.name === name)!.rows;
  const published = (rows: Record<'items' | 'entries' | 'inheritors', ReturnType<typeof rowsOf>>) => ({
    version: 'v1',
    rows,
    log: {
      versions: [
        {
          version: 'v1',
          published: '2026-01-01T00:00:00Z',
          previous: null,
          counts: { items: 1, entries: 2, inheritors: 1 },
          changes: null,
        },
      ],
    },
  });

  it('lists what was added, corrected field by field, and removed', () => {
    const before = [
      { id: 'a', name: '甲' },
      { id: 'b', name: '乙' },
    ];
    const after = [
      { id: 'b', name: '乙（更正）' },
      { id: 'c', name: '丙' },
    ];
    expect(tableChanges('id', before, after)).toEqual({
      added: ['c'],
      corrected: [{ id: 'b', fields: { name: { before: '乙', after: '乙（更正）' } } }],
      removed: ['a'],
    });
  });

  it('keeps the published version when nothing changed, and puts a new one first when something did', () => {
    const same = published({ items: rowsOf('items'), entries: rowsOf('entries'), inheritors: rowsOf('inheritors') });
    expect(nextChangeLog(tables, same, { version: 'v2', published: '2026-02-01T00:00:00Z' })).toEqual({ version: 'v1', log: same.log });

    const corrected = published({
      items: rowsOf('items'),
      entries: rowsOf('entries').map((row) => (row.entry_id === 'iv-28-2006-11' ? { ...row, region: '江苏' } : row)),
      inheritors: [],
    });
    const next = nextChangeLog(tables, corrected, { version: 'v2', published: '2026-02-01T00:00:00Z' });
    expect(next.version).toBe('v2');
    expect(next.log.versions.map((v) => v.version)).toEqual(['v2', 'v1']);
    expect(next.log.versions[0]!.changes!.entries.corrected).toEqual([
      { id: 'iv-28-2006-11', fields: { region: { before: '江苏', after: '江苏省' } } },
    ]);
    expect(next.log.versions[0]!.changes!.inheritors.added).toEqual(['501']);
  });

  it('starts with a first version that lists counts, not every row', () => {
    const first = nextChangeLog(tables, undefined, { version: 'v1', published: '2026-01-01T00:00:00Z' });
    expect(first.log.versions).toEqual([
      { version: 'v1', published: '2026-01-01T00:00:00Z', previous: null, counts: { items: 1, entries: 2, inheritors: 1 }, changes: null },
    ]);
  });
});

/**
 * The national list as open data: one table per kind of record (items, entries, inheritors, and the figures by
 * province, category and batch), each described once here — its fields with their types and Chinese and English
 * descriptions, its keys — and written from that description as CSV (UTF-8 with BOM, so that Excel reads the Chinese)
 * and JSON Lines. Pure: the records come in, rows and text go out (build.ts reads the API).
 */
import type { NationalEntry, NationalFigures, NationalInheritor, NationalItem } from '@feiyi/contract';
import { pinyin } from 'pinyin-pro';

export type FieldType = 'string' | 'integer';
export type Cell = string | number | null;
export type Row = Record<string, Cell>;

export interface Field {
  name: string;
  type: FieldType;
  /** 中文说明 */
  zh: string;
  /** English description */
  en: string;
  /** The field may be empty (an empty CSV cell, null in JSON Lines). */
  optional?: boolean;
}

export interface Table {
  /** The file name without its extension, and the resource's name in the data package. */
  name: string;
  title: string;
  titleEn: string;
  fields: Field[];
  primaryKey: string[];
  foreignKeys: Array<{ fields: string[]; resource: string; reference: string[] }>;
  rows: Row[];
}

/** What the tables are made of: every item with its entries and inheritors, and the list's figures. */
export interface ListRecords {
  items: Array<{ item: NationalItem; entries: NationalEntry[]; inheritors: NationalInheritor[] }>;
  figures: NationalFigures;
}

const pinyinMemo = new Map<string, string>();

/**
 * Names in Hanyu Pinyin with tone marks, syllables apart (京剧 → jīng jù); other characters stay as they are. Kept per
 * text: the 3,610 entries repeat a few hundred regions and item names, and pinyin was half the export's time.
 */
export function pinyinOf(text: string): string {
  let known = pinyinMemo.get(text);
  if (known === undefined) {
    known = pinyin(text, { nonZh: 'consecutive' }).replace(/\s+/g, ' ').trim();
    pinyinMemo.set(text, known);
  }
  return known;
}

/**
 * An entry's stable id: its item's serial and batch year (what the list itself says) and the record's number, which
 * tells apart the entries of one item, batch and region (the list has such pairs) and stays with an editor's corrections.
 */
export const entryId = (entry: Pick<NationalEntry, 'id' | 'serial' | 'batchYear' | 'href'>) =>
  `${entry.href.replace(/^\/minglu\//, '')}-${entry.batchYear}-${entry.id}`;

/** The figures' stand-in for "declared by a national unit" (the API's null province). */
export const NATIONAL_UNITS = '国家级单位';

const field = (name: string, type: FieldType, zh: string, en: string, optional = false): Field =>
  optional ? { name, type, zh, en, optional } : { name, type, zh, en };

const url = (origin: string, path: string) => new URL(path, origin).href;

export function listTables(records: ListRecords, origin: string): Table[] {
  const items = records.items;
  const serialField = field(
    'serial',
    'string',
    '项目编号，如 Ⅳ-28（罗马数字为门类）',
    'Item serial, e.g. Ⅳ-28 (the Roman numeral is the category)',
  );
  const categoryFields = [
    field('category_id', 'integer', '门类编号（66–75，本站 API 的类别编号）', 'Category id (66–75, as in this site’s API)'),
    field('category_name', 'string', '名录门类', 'Category of the list'),
  ];
  const provinceField = field(
    'province_name',
    'string',
    '所属省份（简称）；国家级单位申报时为空',
    'Province (short name); empty when a national body declared it',
    true,
  );
  const urlField = (zh: string, en: string) => field('url', 'string', zh, en);

  const itemTable: Table = {
    name: 'items',
    title: '国家级非遗代表性项目',
    titleEn: 'National representative items of intangible cultural heritage',
    fields: [
      serialField,
      field('name', 'string', '项目名称', 'Item name (Chinese)'),
      field('name_pinyin', 'string', '项目名称的汉语拼音', 'Item name in Hanyu Pinyin'),
      ...categoryFields,
      field('first_batch_year', 'integer', '首次列入名录的年份', 'Year first listed'),
      field('entry_count', 'integer', '名录条目数（各批新增与扩展）', 'Number of list entries (new and extension)'),
      field('inheritor_count', 'integer', '国家级代表性传承人数', 'Number of national representative inheritors'),
      field(
        'provinces',
        'string',
        '申报地区所在的省份（简称，以“、”分隔）',
        'Provinces of the declaring regions (short names, separated by “、”)',
        true,
      ),
      field('culture_id', 'integer', '本站介绍文章的编号（/culture/item/{id}）', 'Id of this site’s article on the item', true),
      urlField('本站项目页地址', 'Address of the item’s page on this site'),
    ],
    primaryKey: ['serial'],
    foreignKeys: [{ fields: ['category_id'], resource: 'categories', reference: ['category_id'] }],
    rows: items.map(({ item }) => ({
      serial: item.serial,
      name: item.name,
      name_pinyin: pinyinOf(item.name),
      category_id: item.categoryId,
      category_name: item.categoryName,
      first_batch_year: item.firstBatchYear,
      entry_count: item.entryCount,
      inheritor_count: item.inheritorCount,
      provinces: item.provinces.length > 0 ? item.provinces.join('、') : null,
      culture_id: item.cultureId,
      url: url(origin, item.href),
    })),
  };

  const entryTable: Table = {
    name: 'entries',
    title: '国家级名录条目',
    titleEn: 'Entries of the national list (one per item, batch and declaring region)',
    fields: [
      field(
        'entry_id',
        'string',
        '条目的稳定编号：项目编号（地址形式）-公布年份-记录号',
        'Stable entry id: item serial (address form)-batch year-record number',
      ),
      serialField,
      field('name', 'string', '名录中的名称（可含子项）', 'Name as listed (may name a sub-item)'),
      field('name_pinyin', 'string', '名称的汉语拼音', 'Name in Hanyu Pinyin'),
      ...categoryFields,
      field('batch_year', 'integer', '公布年份', 'Year the batch was published'),
      field('batch', 'string', '批次', 'Batch'),
      field('kind', 'string', 'new 新增项目，extension 扩展项目', 'new: new item; extension: extension of a listed item'),
      field('region', 'string', '申报地区或单位', 'Declaring region or body'),
      field('region_pinyin', 'string', '申报地区或单位的汉语拼音', 'Declaring region or body in Hanyu Pinyin'),
      provinceField,
      field('culture_id', 'integer', '本站介绍文章的编号', 'Id of this site’s article', true),
      urlField('本站项目页地址', 'Address of the item’s page on this site'),
    ],
    primaryKey: ['entry_id'],
    foreignKeys: [
      { fields: ['serial'], resource: 'items', reference: ['serial'] },
      { fields: ['batch_year'], resource: 'batches', reference: ['batch_year'] },
    ],
    rows: items.flatMap(({ entries }) =>
      entries.map((entry) => ({
        entry_id: entryId(entry),
        serial: entry.serial,
        name: entry.name,
        name_pinyin: pinyinOf(entry.name),
        category_id: entry.categoryId,
        category_name: entry.categoryName,
        batch_year: entry.batchYear,
        batch: entry.batch,
        kind: entry.kind,
        region: entry.region,
        region_pinyin: pinyinOf(entry.region),
        province_name: entry.provinceName,
        culture_id: entry.cultureId,
        url: url(origin, entry.href),
      })),
    ),
  };

  const inheritorTable: Table = {
    name: 'inheritors',
    title: '国家级非遗代表性传承人',
    titleEn: 'National representative inheritors',
    fields: [
      field(
        'inheritor_id',
        'integer',
        '传承人的稳定编号（与 /api/inheritor/{id} 相同）',
        'Stable inheritor id (as in /api/inheritor/{id})',
      ),
      field('name', 'string', '姓名', 'Name'),
      field('name_pinyin', 'string', '姓名的汉语拼音', 'Name in Hanyu Pinyin'),
      field('gender', 'string', '性别（男、女）', 'Gender (男 male, 女 female)', true),
      field('birth_year', 'integer', '出生年份', 'Year of birth', true),
      field('ethnicity', 'string', '民族', 'Ethnic group', true),
      serialField,
      field('item_name', 'string', '名录中的项目名称', 'Item name as listed'),
      field('category_id', 'integer', '门类编号', 'Category id'),
      field('region', 'string', '申报地区或单位', 'Declaring region or body'),
      provinceField,
      field('batch_year', 'integer', '认定年份', 'Year recognised'),
      field('batch', 'string', '认定批次', 'Batch of recognition'),
      urlField('本站页面地址（项目页中本人的位置）', 'Address on this site (the person on the item’s page)'),
    ],
    primaryKey: ['inheritor_id'],
    foreignKeys: [
      { fields: ['serial'], resource: 'items', reference: ['serial'] },
      { fields: ['category_id'], resource: 'categories', reference: ['category_id'] },
    ],
    rows: items
      .flatMap(({ inheritors }) => inheritors)
      .sort((a, b) => a.id - b.id)
      .map((person) => ({
        inheritor_id: person.id,
        name: person.name,
        name_pinyin: pinyinOf(person.name),
        gender: person.gender,
        birth_year: person.birthYear,
        ethnicity: person.ethnicity,
        serial: person.serial,
        item_name: person.item,
        category_id: person.categoryId,
        region: person.region,
        province_name: person.provinceName,
        batch_year: person.batchYear,
        batch: person.batch,
        url: url(origin, person.href),
      })),
  };

  const tally = [
    field('items', 'integer', '项目数', 'Number of items'),
    field('entries', 'integer', '条目数', 'Number of entries'),
    field('inheritors', 'integer', '国家级代表性传承人数', 'Number of national representative inheritors'),
  ];
  const { figures } = records;
  const provinceTable: Table = {
    name: 'provinces',
    title: '各省份的项目、条目与传承人数',
    titleEn: 'Items, entries and inheritors by province',
    fields: [
      field(
        'province_name',
        'string',
        `省份简称；“${NATIONAL_UNITS}”为国家级单位申报的条目`,
        `Province (short name); “${NATIONAL_UNITS}” for national bodies`,
      ),
      field('province_pinyin', 'string', '省份的汉语拼音', 'Province in Hanyu Pinyin'),
      ...tally,
      urlField('本站省份页地址', 'Address of the province’s page on this site'),
    ],
    primaryKey: ['province_name'],
    foreignKeys: [],
    rows: figures.provinces.map((province) => {
      const name = province.provinceName ?? NATIONAL_UNITS;
      return {
        province_name: name,
        province_pinyin: pinyinOf(name),
        items: province.items,
        entries: province.entries,
        inheritors: province.inheritors,
        url: url(origin, province.provinceName ? `/area?province=${encodeURIComponent(province.provinceName)}` : '/minglu'),
      };
    }),
  };
  const categoryTable: Table = {
    name: 'categories',
    title: '各门类的项目、条目与传承人数',
    titleEn: 'Items, entries and inheritors by category',
    fields: [...categoryFields, field('category_pinyin', 'string', '门类的汉语拼音', 'Category in Hanyu Pinyin'), ...tally],
    primaryKey: ['category_id'],
    foreignKeys: [],
    rows: figures.categories.map((category) => ({
      category_id: category.categoryId,
      category_name: category.categoryName,
      category_pinyin: pinyinOf(category.categoryName),
      items: category.items,
      entries: category.entries,
      inheritors: category.inheritors,
    })),
  };
  const batchTable: Table = {
    name: 'batches',
    title: '各批名录的新增与扩展项目数',
    titleEn: 'New and extended items by batch of the list',
    fields: [
      field('batch_year', 'integer', '公布年份', 'Year the batch was published'),
      field('batch', 'string', '批次', 'Batch'),
      field('new_items', 'integer', '新增项目数', 'New items'),
      field('extended_items', 'integer', '扩展项目数', 'Extended items'),
      field('entries', 'integer', '条目数', 'Entries'),
    ],
    primaryKey: ['batch_year'],
    foreignKeys: [],
    rows: figures.batches.map((batch) => ({
      batch_year: batch.batchYear,
      batch: batch.batch,
      new_items: batch.newItems,
      extended_items: batch.extendedItems,
      entries: batch.entries,
    })),
  };
  const inheritorBatchTable: Table = {
    name: 'inheritor-batches',
    title: '各批国家级代表性传承人数',
    titleEn: 'National representative inheritors by batch',
    fields: [
      field('batch_year', 'integer', '认定年份', 'Year recognised'),
      field('batch', 'string', '认定批次', 'Batch of recognition'),
      field('inheritors', 'integer', '传承人数', 'Inheritors'),
    ],
    primaryKey: ['batch_year'],
    foreignKeys: [],
    rows: figures.inheritorBatches.map((batch) => ({ batch_year: batch.batchYear, batch: batch.batch, inheritors: batch.inheritors })),
  };
  return [itemTable, entryTable, inheritorTable, provinceTable, categoryTable, batchTable, inheritorBatchTable];
}

/** The byte order mark Excel needs to read a CSV file as UTF-8. */
export const BOM = '\uFEFF';

const csvCell = (value: Cell) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV: a header of the fields' names, CRLF line ends, after a BOM. */
export function toCsv(table: Table): string {
  const names = table.fields.map((f) => f.name);
  const lines = [names.join(','), ...table.rows.map((row) => names.map((name) => csvCell(row[name] ?? null)).join(','))];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** One JSON object a line, the fields in the table's order. */
export function toJsonLines(table: Table): string {
  const names = table.fields.map((f) => f.name);
  return table.rows.map((row) => JSON.stringify(Object.fromEntries(names.map((name) => [name, row[name] ?? null])))).join('\n') + '\n';
}

/**
 * The files of the open data and their descriptions: the tables as CSV and JSON Lines, the Frictionless Data Package
 * (v2) that describes them, SHA-256 checksums of every file, the change log, and the schema.org Dataset and DCAT
 * descriptions of the whole. Pure: tables and dates in, file contents out.
 */
import { createHash } from 'node:crypto';
import type { ChangeLog } from './changes.ts';
import { type Table, toCsv, toJsonLines } from './tables.ts';

/** Where the files are served: /data/{file}. */
export const DATA_PATH = '/data/';
export const PACKAGE_NAME = 'feiyi-national-ich-list';
export const TITLE = '国家级非物质文化遗产代表性项目名录与代表性传承人（开放数据）';
export const DESCRIPTION =
  '国务院公布的五批国家级非物质文化遗产代表性项目名录（1,557 个项目、3,610 个条目）与文化和旅游部公布的六批国家级代表性传承人，' +
  '含编辑的更正、各省份、门类与批次的统计、名称的汉语拼音与本站页面地址；由本站每次构建时从内容管理系统生成。';

export const LICENCE = {
  name: 'CC-BY-4.0',
  path: 'https://creativecommons.org/licenses/by/4.0/',
  title: '知识共享 署名 4.0 国际（CC BY 4.0）',
} as const;

/** The official lists the facts come from (the sources the site's fact cards name). */
export const SOURCES = [
  {
    title: '国务院公布的国家级非物质文化遗产代表性项目名录（第一至五批，2006–2021）；名录数据取自中国非物质文化遗产网',
    path: 'https://www.ihchina.cn/project.html',
  },
  {
    title: '文化和旅游部（原文化部）公布的国家级非物质文化遗产代表性传承人名单（第一至六批，2007–2025）；名单数据取自中国非物质文化遗产网',
    path: 'https://www.ihchina.cn/representative.html',
  },
] as const;

export const CITATION = (year: number, version: string, origin: string) =>
  `非遗中国. ${TITLE}. 版本 ${version}. ${year}. ${new URL(DATA_PATH, origin).href}. 采用 CC BY 4.0 许可。`;

export interface DataFile {
  name: string;
  mediaType: string;
  content: string;
}

export interface DataVersion {
  /** The list's date: the year of its last batch (2021). */
  listDate: string;
  /** The inheritors' date (2025-03). */
  inheritorsDate: string;
  /** When this version's data was built (ISO 8601, UTC). */
  built: string;
}

/** The version's name: the list's and the inheritors' dates, and the build's date and time. */
export const versionName = (v: DataVersion) =>
  `list-${v.listDate}.inheritors-${v.inheritorsDate}.build-${v.built.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '')}`;

export const sha256 = (content: string) => createHash('sha256').update(content, 'utf8').digest('hex');
export const byteLength = (content: string) => Buffer.byteLength(content, 'utf8');

export function tableFiles(tables: readonly Table[]): DataFile[] {
  return tables.flatMap((table) => [
    { name: `${table.name}.csv`, mediaType: 'text/csv', content: toCsv(table) },
    { name: `${table.name}.jsonl`, mediaType: 'application/jsonl', content: toJsonLines(table) },
  ]);
}

/** The Frictionless Data Package (v2) descriptor: every CSV as a table resource with its schema, keys, hash and size. */
export function dataPackage(
  tables: readonly Table[],
  files: readonly DataFile[],
  meta: { version: string; created: string; origin: string },
): Record<string, unknown> {
  const fileOf = (name: string) => files.find((file) => file.name === name)!;
  return {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: PACKAGE_NAME,
    id: new URL(DATA_PATH, meta.origin).href,
    title: TITLE,
    description: DESCRIPTION,
    homepage: new URL(DATA_PATH, meta.origin).href,
    version: meta.version,
    created: meta.created,
    keywords: ['非物质文化遗产', '国家级名录', '代表性传承人', 'intangible cultural heritage', 'China'],
    licenses: [LICENCE],
    sources: SOURCES,
    contributors: [{ title: '非遗中国', roles: ['publisher'], path: meta.origin }],
    resources: tables.map((table) => {
      const csv = fileOf(`${table.name}.csv`);
      return {
        name: table.name,
        type: 'table',
        path: csv.name,
        title: table.title,
        description: table.titleEn,
        format: 'csv',
        mediatype: 'text/csv',
        // UTF-8 with a byte order mark (for Excel); readers of UTF-8 skip the mark.
        encoding: 'utf-8',
        hash: `sha256:${sha256(csv.content)}`,
        bytes: byteLength(csv.content),
        dialect: {
          $schema: 'https://datapackage.org/profiles/2.0/tabledialect.json',
          header: true,
          delimiter: ',',
          lineTerminator: '\r\n',
        },
        schema: {
          $schema: 'https://datapackage.org/profiles/2.0/tableschema.json',
          fields: table.fields.map((field) => ({
            name: field.name,
            type: field.type,
            title: field.zh,
            description: `${field.zh}｜${field.en}`,
            constraints: { required: !field.optional },
          })),
          missingValues: [''],
          primaryKey: table.primaryKey,
          foreignKeys: table.foreignKeys.map((key) => ({
            fields: key.fields,
            reference: { resource: key.resource, fields: key.reference },
          })),
        },
      };
    }),
  };
}

/** `sha256sum -c` format: "{hash}  {file}" a line. */
export const checksums = (files: readonly DataFile[]) => files.map((file) => `${sha256(file.content)}  ${file.name}`).join('\n') + '\n';

/** schema.org Dataset with a DataDownload for every file (Google Dataset Search reads it from /data). */
export function datasetJsonLd(files: readonly DataFile[], meta: { version: string; created: string; origin: string; asOf: string }) {
  const page = new URL(DATA_PATH, meta.origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': `${page}#dataset`,
    name: TITLE,
    description: DESCRIPTION,
    url: page,
    version: meta.version,
    dateModified: meta.created,
    temporalCoverage: '2006/2025',
    spatialCoverage: { '@type': 'Place', name: '中国' },
    inLanguage: 'zh-CN',
    isAccessibleForFree: true,
    license: LICENCE.path,
    keywords: ['非物质文化遗产', '国家级名录', '代表性传承人'],
    creator: { '@type': 'Organization', name: '非遗中国', url: meta.origin },
    isBasedOn: SOURCES.map((source) => ({ '@type': 'CreativeWork', name: source.title, url: source.path })),
    creditText: `非遗中国，据官方公布的国家级名录整理（${meta.asOf}）`,
    distribution: files.map((file) => ({
      '@type': 'DataDownload',
      name: file.name,
      encodingFormat: file.mediaType,
      contentUrl: new URL(file.name, page).href,
      contentSize: `${byteLength(file.content)} B`,
    })),
  };
}

/** A DCAT 3 description of the same (JSON-LD): the catalogue's one dataset and its distributions. */
export function dcat(files: readonly DataFile[], meta: { version: string; created: string; origin: string }) {
  const page = new URL(DATA_PATH, meta.origin).href;
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      dct: 'http://purl.org/dc/terms/',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
      foaf: 'http://xmlns.com/foaf/0.1/',
    },
    '@id': `${page}dcat.jsonld#catalog`,
    '@type': 'dcat:Catalog',
    'dct:title': { '@value': '非遗中国 开放数据', '@language': 'zh' },
    'dct:publisher': { '@type': 'foaf:Agent', 'foaf:name': '非遗中国', 'foaf:homepage': { '@id': meta.origin } },
    'dcat:dataset': {
      '@id': `${page}#dataset`,
      '@type': 'dcat:Dataset',
      'dct:title': { '@value': TITLE, '@language': 'zh' },
      'dct:description': { '@value': DESCRIPTION, '@language': 'zh' },
      'dct:language': { '@id': 'http://id.loc.gov/vocabulary/iso639-1/zh' },
      'dct:license': { '@id': LICENCE.path },
      'dct:modified': { '@value': meta.created, '@type': 'xsd:dateTime' },
      'dcat:version': meta.version,
      'dcat:landingPage': { '@id': page },
      'dct:source': SOURCES.map((source) => ({ '@id': source.path })),
      'dcat:keyword': ['非物质文化遗产', '国家级名录', '代表性传承人'],
      'dcat:distribution': files.map((file) => ({
        '@id': new URL(file.name, page).href,
        '@type': 'dcat:Distribution',
        'dct:title': file.name,
        'dcat:downloadURL': { '@id': new URL(file.name, page).href },
        'dcat:mediaType': { '@id': `https://www.iana.org/assignments/media-types/${file.mediaType}` },
        'dcat:byteSize': { '@value': String(byteLength(file.content)), '@type': 'xsd:nonNegativeInteger' },
        'dct:license': { '@id': LICENCE.path },
      })),
    },
  };
}

/** Every file under /data/: the tables, the descriptor, the change log, DCAT and (last, over all of them) the checksums. */
export function dataFiles(
  tables: readonly Table[],
  log: ChangeLog,
  meta: { version: string; created: string; origin: string },
): DataFile[] {
  const files = tableFiles(tables);
  // The tables' files, made once: the descriptor and DCAT describe these.
  const downloads = [...files];
  files.push({
    name: 'datapackage.json',
    mediaType: 'application/json',
    content: `${JSON.stringify(dataPackage(tables, downloads, meta), null, 2)}\n`,
  });
  files.push({ name: 'changes.json', mediaType: 'application/json', content: `${JSON.stringify(log, null, 1)}\n` });
  files.push({
    name: 'dcat.jsonld',
    mediaType: 'application/ld+json',
    content: `${JSON.stringify(dcat(downloads, meta), null, 2)}\n`,
  });
  files.push({ name: 'sha256sums.txt', mediaType: 'text/plain', content: checksums(files) });
  return files;
}

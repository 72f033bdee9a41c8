/**
 * What an item page of the national list shows (/minglu/{slug}): its entries by batch, its inheritors' lines, the
 * fact card and the schema.org data, from the API's item answer.
 */
import type { NationalEntry, NationalInheritor, NationalItem } from '@feiyi/contract';
import { NATIONAL_LIST_SOURCE, type FactCardData, type FactRow } from '../culture/facts.ts';
import { INHERITOR_LIST_SOURCE } from '../inheritor/profile.ts';
import { batchLabel, batchName, ENTRY_KIND_LABEL } from './batches.ts';
import { encodeEntries, mingluBrowserHref, NATIONAL_BODIES, type BrowserEntry } from './filter.ts';

export interface BatchGroup {
  year: number;
  label: string;
  entries: NationalEntry[];
}

/** Entries grouped by batch, oldest first; within a batch new entries before extensions, in the API's order. */
export function entriesByBatch(entries: readonly NationalEntry[]): BatchGroup[] {
  const years = [...new Set(entries.map((e) => e.batchYear))].sort((a, b) => a - b);
  return years.map((year) => ({
    year,
    label: batchLabel(year),
    entries: entries.filter((e) => e.batchYear === year).sort((a, b) => Number(a.kind === 'extension') - Number(b.kind === 'extension')),
  }));
}

/** '北京、天津、辽宁等 7 地'; an item declared only by national bodies says so. */
export function provincesText(provinces: readonly string[], max = 3): string {
  if (provinces.length === 0) return '国家级单位申报';
  if (provinces.length <= max) return provinces.join('、');
  return `${provinces.slice(0, max).join('、')}等 ${provinces.length} 地`;
}

/** One sentence about the item, for the page's intro and its description. */
export function itemSummary(item: NationalItem, entries: readonly NationalEntry[]): string {
  const later = entriesByBatch(entries)
    .map((b) => b.year)
    .filter((year) => year !== item.firstBatchYear);
  const extended = later.length > 0 ? `，${later.join('、')} 年又有扩展` : '';
  const where = item.provinces.length > 0 ? `申报地区涉及${provincesText(item.provinces, 6)}` : '由国家级单位申报';
  const people = item.inheritorCount > 0 ? `；国家级代表性传承人 ${item.inheritorCount} 位` : '';
  return `${item.name}于 ${item.firstBatchYear} 年列入${batchName(item.firstBatchYear) ?? ''}国家级非物质文化遗产代表性项目名录${extended}，共 ${item.entryCount} 个条目，${where}${people}。`;
}

/** The item's fact card (DESIGN.md: 类别 · 地区 · 批次/年份 · 编号, with the source). */
export function itemFacts(item: NationalItem, entries: readonly NationalEntry[], hasInheritors: boolean): FactCardData {
  const batches = entriesByBatch(entries);
  const regions = [...new Set(batches.flatMap((b) => b.entries.map((e) => e.region)))];
  const rows: FactRow[] = [
    { label: '类别', value: item.categoryName, href: mingluBrowserHref({ category: item.categoryId }) },
    {
      label: '地区',
      value: regions.length <= 4 ? regions.join('、') : `${regions.slice(0, 4).join('、')}等 ${regions.length} 个地区或单位`,
    },
    {
      label: '批次/年份',
      value: batchesText(
        item.firstBatchYear,
        batches.map((b) => b.year),
      ),
    },
    { label: '编号', value: item.serial },
  ];
  return { rows, source: hasInheritors ? `${NATIONAL_LIST_SOURCE}；${INHERITOR_LIST_SOURCE}` : NATIONAL_LIST_SOURCE };
}

/** '第一批（2006年）列入；扩展：第二批（2008年）、第三批（2011年）'. */
export function batchesText(firstYear: number, years: readonly number[]): string {
  const named = (year: number) => (batchName(year) ? `${batchName(year)}（${year}年）` : `${year}年`);
  const later = years.filter((year) => year !== firstYear);
  return `${named(firstYear)}列入${later.length > 0 ? `；扩展：${later.map(named).join('、')}` : ''}`;
}

/** '女 · 汉族 · 1942 年生' — only what the list gives. */
export function inheritorLine(person: Pick<NationalInheritor, 'gender' | 'ethnicity' | 'birthYear'>): string {
  return [person.gender, person.ethnicity, person.birthYear ? `${person.birthYear} 年生` : null].filter(Boolean).join(' · ');
}

export const kindLabel = (kind: NationalEntry['kind']) => ENTRY_KIND_LABEL[kind];

/** The data attribute the browser filters on: every entry's province, batch and kind. */
export function itemEntriesAttribute(entries: readonly NationalEntry[]): string {
  const distinct = new Map<string, BrowserEntry>();
  for (const e of entries) {
    const entry = { province: e.provinceName ?? NATIONAL_BODIES, year: e.batchYear, kind: e.kind };
    distinct.set(`${entry.province} ${entry.year} ${entry.kind}`, entry);
  }
  // Two regions of one province in the same batch filter alike: one is enough.
  return encodeEntries([...distinct.values()]);
}

/**
 * schema.org data of an item page: the page, about the element (its serial as identifier, the regions that declared
 * it, the inheritors as people), and the breadcrumb.
 */
export function itemJsonLd(
  record: { item: NationalItem; entries: readonly NationalEntry[]; inheritors: readonly NationalInheritor[] },
  urls: { page: string; origin: string; article?: string | undefined; profiles: ReadonlyMap<number, string> },
  description: string,
) {
  const { item, entries, inheritors } = record;
  const absolute = (path: string) => new URL(path, urls.origin).href;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: `${item.name}（${item.serial}）`,
      url: urls.page,
      inLanguage: 'zh-CN',
      description,
      isPartOf: { '@type': 'WebSite', name: '非遗中国', url: absolute('/') },
      about: {
        '@type': 'Thing',
        name: item.name,
        identifier: item.serial,
        description: `国家级非物质文化遗产代表性项目 · ${item.categoryName}`,
        ...(urls.article ? { subjectOf: { '@type': 'Article', url: urls.article } } : {}),
      },
      spatialCoverage: [...new Set(entries.map((e) => e.region))].map((name) => ({ '@type': 'Place', name })),
      ...(inheritors.length > 0
        ? {
            mentions: inheritors.map((person) => ({
              '@type': 'Person',
              name: person.name,
              ...(person.gender ? { gender: person.gender === '男' ? 'Male' : 'Female' } : {}),
              ...(person.birthYear ? { birthDate: String(person.birthYear) } : {}),
              url: urls.profiles.get(person.id) ?? `${urls.page}#inheritor-${person.id}`,
            })),
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '首页', item: absolute('/') },
        { '@type': 'ListItem', position: 2, name: '国家级名录', item: absolute('/minglu/') },
        { '@type': 'ListItem', position: 3, name: item.categoryName, item: absolute(mingluBrowserHref({ category: item.categoryId })) },
        { '@type': 'ListItem', position: 4, name: item.name, item: urls.page },
      ],
    },
  ];
}

/** The browser's view of an item: what it filters on (see filter.ts) and its one-line summary. */
export function browserRow(record: { item: NationalItem; entries: readonly NationalEntry[] }) {
  const { item, entries } = record;
  const meta = [
    provincesText(item.provinces),
    `${item.firstBatchYear} 年列入`,
    `${item.entryCount} 个条目`,
    ...(item.inheritorCount > 0 ? [`${item.inheritorCount} 位传承人`] : []),
    // A no-break space before each dot keeps it with the words before it when the line wraps.
  ].join('\u00a0· ');
  return {
    serial: item.serial,
    name: item.name,
    href: item.href,
    category: item.categoryId,
    text: `${item.name} ${item.serial} ${item.slug}`,
    entries: itemEntriesAttribute(entries),
    meta,
  };
}

import type { CultureItem } from '@feiyi/contract';
import { batchLabel } from '../minglu/batches.ts';
import { listItemPath } from '../minglu/serial.ts';

/** One line of a fact card (DESIGN.md: 类别 · 地区 · 批次/年份 · 编号, with the source). */
export interface FactRow {
  label: string;
  value: string;
  /** Where the value links (the national-list item page for a serial). */
  href?: string;
  /** A value of several parts, each with its own link (the provinces, each to its /area page); `value` is their text. */
  links?: FactLink[];
}

export interface FactLink {
  text: string;
  href: string;
}

export interface FactCardData {
  rows: FactRow[];
  /** The UNESCO inscription, when there is one. */
  unesco?: string;
  source: string;
}

/**
 * The facts of the national list are the State Council's lists as published by 中国非物质文化遗产网;
 * the card names that source, not the notes editors kept while checking an article.
 */
export const NATIONAL_LIST_SOURCE = '国务院公布的国家级非物质文化遗产代表性项目名录；名录数据取自中国非物质文化遗产网（ihchina.cn）';
export const ARTICLE_ONLY_SOURCE = '本站编辑整理';

export type CultureFactsSource = Pick<CultureItem, 'type' | 'categoryName' | 'provinceId' | 'provinceName' | 'provinces' | 'facts'>;

const provinceLink = (province: { id: number; name: string }): FactLink => ({ text: province.name, href: `/area/${province.id}` });

/**
 * The province lines: the one province an item is of; or its primary province (主要省份) and every province
 * its national entries name (涉及省份), each linking to its page; without a primary one, those provinces alone.
 */
function provinceRows(item: CultureFactsSource): FactRow[] {
  const primary = item.provinceId !== null && item.provinceName ? { id: item.provinceId, name: item.provinceName } : null;
  const rows: FactRow[] = [];
  if (primary && item.provinces.every((p) => p.id === primary.id))
    return [{ label: '省份', value: primary.name, href: `/area/${primary.id}` }];
  if (primary) rows.push({ label: '主要省份', value: primary.name, href: `/area/${primary.id}` });
  if (item.provinces.length > 0)
    rows.push({ label: '涉及省份', value: item.provinces.map((p) => p.name).join('、'), links: item.provinces.map(provinceLink) });
  return rows;
}

export function cultureFacts(item: CultureFactsSource): FactCardData {
  const facts = item.facts;
  const rows: FactRow[] = [];
  const category = item.type ?? item.categoryName;
  if (category) rows.push({ label: '类别', value: category });
  if (facts?.region) rows.push({ label: '地区', value: facts.region });
  rows.push(...provinceRows(item));
  if (facts?.batchYear) {
    const kind = facts.entryKind === 'extension' ? '（扩展项目）' : '';
    rows.push({ label: '批次/年份', value: `${batchLabel(facts.batchYear)}${kind}` });
  }
  if (facts?.serial) rows.push({ label: '编号', value: facts.serial, href: listItemPath(facts.serial) });
  return {
    rows,
    ...(facts?.unesco ? { unesco: facts.unesco } : {}),
    source: facts?.serial ? NATIONAL_LIST_SOURCE : ARTICLE_ONLY_SOURCE,
  };
}

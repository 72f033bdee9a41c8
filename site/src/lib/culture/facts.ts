import type { CultureItem } from '@feiyi/api-adapter/contract';
import { batchLabel } from '../minglu/batches.ts';
import { listItemPath } from '../minglu/serial.ts';

/** One line of a fact card (DESIGN.md: 类别 · 地区 · 批次/年份 · 编号, with the source). */
export interface FactRow {
  label: string;
  value: string;
  /** Where the value links (the national-list item page for a serial). */
  href?: string;
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

export function cultureFacts(item: Pick<CultureItem, 'type' | 'categoryName' | 'provinceName' | 'facts'>): FactCardData {
  const facts = item.facts;
  const rows: FactRow[] = [];
  const category = item.type ?? item.categoryName;
  if (category) rows.push({ label: '类别', value: category });
  const region = facts?.region ?? item.provinceName;
  if (region) rows.push({ label: '地区', value: region });
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

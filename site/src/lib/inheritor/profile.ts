import type { Inheritor } from '@feiyi/contract';
import type { FactCardData, FactRow } from '../culture/facts.ts';
import { levelText } from './rules.ts';

/** The national list of representative inheritors, as the facts of a profile page name their source. */
export const INHERITOR_LIST_SOURCE =
  '文化和旅游部（原文化部）公布的国家级非物质文化遗产代表性传承人名单；名单数据取自中国非物质文化遗产网（ihchina.cn）';

/** Fact card of an inheritor (DESIGN.md: 类别 · 地区 · 批次/年份 · 项目, with the source). */
export function inheritorFacts(person: Inheritor): FactCardData {
  const rows: FactRow[] = [{ label: '级别', value: levelText(person.status) }];
  if (person.categoryName) rows.push({ label: '类别', value: person.categoryName });
  if (person.provinceName) rows.push({ label: '地区', value: person.provinceName });
  if (person.batch || person.batchYear) {
    const year = person.batchYear ? `${person.batchYear}年` : '';
    rows.push({ label: '批次/年份', value: person.batch && year ? `${person.batch}（${year}）` : person.batch || year });
  }
  if (person.item) rows.push({ label: '项目', value: person.item });
  return { rows, source: person.status === 1 ? INHERITOR_LIST_SOURCE : '本站编辑整理' };
}

/** schema.org Person of a written profile, for search engines (JSON-LD). */
export function personJsonLd(person: Inheritor, pageUrl: string | undefined, imageUrl: string | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: person.inheritorName,
    ...(pageUrl ? { url: pageUrl } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    description: person.introduction ?? '',
    jobTitle: `${levelText(person.status)}非物质文化遗产代表性传承人`,
    knowsAbout: person.item ?? person.skillType,
    ...(person.provinceName ? { homeLocation: { '@type': 'Place', name: person.provinceName } } : {}),
  };
}

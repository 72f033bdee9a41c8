import type { CultureItem, CultureProvince, SearchHit } from '@feiyi/contract/culture';
import type { NationalEntry, NationalInheritor, NationalItem } from '@feiyi/contract/national';
import type { NationalList } from './list.ts';

/**
 * What the search finds, in the order equal hits are listed: the site's articles, then the items of the
 * national list, then its inheritors. Every hit is shaped like an article (the API's search records)
 * and says what it is and where it opens.
 */

export const cultureHit = (culture: CultureItem): SearchHit => ({
  ...culture,
  kind: 'culture',
  kindText: '文化条目',
  href: `/culture/item/${culture.id}`,
});

/** Looks a province up by its short name (the list's entries and inheritors name provinces so). */
export type ProvinceLookup = (name: string) => CultureProvince | undefined;
const placesOf = (names: readonly string[], province: ProvinceLookup) => names.flatMap((name) => province(name) ?? []);

export function itemHit(
  item: NationalItem,
  entries: readonly NationalEntry[],
  article: CultureItem | undefined,
  categoryTitle: string | null,
  province: ProvinceLookup,
): SearchHit {
  const provinces = placesOf(item.provinces, province);
  // An item declared in one province alone (no national body with it) is of that province; of several, none is the main one.
  const only = provinces.length === 1 && entries.every((e) => e.provinceName !== null) ? provinces[0]! : null;
  const first = entries.filter((e) => e.batchYear === item.firstBatchYear && e.kind === 'new');
  const regions = [...new Set(first.map((e) => e.region))];
  const later = entries.length - first.length;
  return {
    id: entries[0]!.id,
    title: item.name,
    content: entries.map((e) => `${e.name} ${e.region}`).join('\n'),
    coverImage: article?.coverImage ?? '',
    images: '',
    introVideo: '',
    categoryId: item.categoryId,
    categoryName: categoryTitle,
    type: item.categoryName,
    viewCount: 0,
    description: `国家级非物质文化遗产代表性项目 ${item.serial}，${item.categoryName}，${first[0]?.batch ?? ''}（${item.firstBatchYear} 年）列入，申报地区或单位：${regions.join('、')}${later > 0 ? `；另有 ${later} 个扩展或后续条目` : ''}。`,
    tagNames: [item.serial, item.categoryName],
    provinceId: only?.id ?? null,
    provinceName: only?.name ?? null,
    provinces,
    facts: {
      serial: item.serial,
      batch: first[0]?.batch ?? null,
      batchYear: item.firstBatchYear,
      region: regions.join('、'),
      entryKind: 'new',
      unesco: null,
      source: null,
    },
    publishedAt: null,
    kind: 'item',
    kindText: '名录项目',
    href: item.href,
  };
}

export function inheritorHit(
  person: NationalInheritor,
  item: NationalItem | undefined,
  sealUrl: string,
  categoryTitle: string | null,
  province: ProvinceLookup,
): SearchHit {
  const place = person.provinceName === null ? undefined : province(person.provinceName);
  const facts = [person.gender, person.ethnicity, person.birthYear ? `${person.birthYear} 年生` : null].filter(Boolean).join('，');
  return {
    id: person.id,
    title: person.name,
    content: '',
    coverImage: sealUrl,
    images: '',
    introVideo: '',
    categoryId: person.categoryId,
    categoryName: categoryTitle,
    type: item?.categoryName ?? null,
    viewCount: 0,
    description: `国家级非物质文化遗产代表性项目 ${person.item}（${person.serial}）代表性传承人，${person.batch}（${person.batchYear} 年）认定，申报地区或单位：${person.region}${facts ? `；${facts}` : ''}。`,
    tagNames: [person.item, person.serial],
    provinceId: place?.id ?? null,
    provinceName: person.provinceName,
    provinces: place ? [place] : [],
    facts: null,
    publishedAt: null,
    kind: 'inheritor',
    kindText: '传承人',
    href: person.href,
  };
}

const KIND_ORDER: ReadonlyArray<SearchHit['kind']> = ['culture', 'item', 'inheritor'];
/** After the hits named as the keyword, hits are listed by kind: the site's articles, then the list's items, then its inheritors. */
export const hitKindOrder = (hit: Pick<SearchHit, 'kind'>) => KIND_ORDER.indexOf(hit.kind);

/** Every searchable hit: articles, then list items, then inheritors. */
export function searchHits(
  cultures: readonly CultureItem[],
  list: NationalList,
  options: { sealUrl: (id: number) => string; categoryTitle: (id: number) => string | null; province: ProvinceLookup },
): SearchHit[] {
  const cultureById = new Map(cultures.map((c) => [c.id, c]));
  return [
    ...cultures.map(cultureHit),
    ...list.items.map((item) =>
      itemHit(
        item,
        list.entriesBySerial.get(item.serial) ?? [],
        item.cultureId === null ? undefined : cultureById.get(item.cultureId),
        options.categoryTitle(item.categoryId),
        options.province,
      ),
    ),
    ...list.inheritors.map((person) =>
      inheritorHit(
        person,
        list.itemBySerial.get(person.serial),
        options.sealUrl(person.id),
        options.categoryTitle(person.categoryId),
        options.province,
      ),
    ),
  ];
}

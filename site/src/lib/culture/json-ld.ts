import type { CultureItem } from '@feiyi/contract';
import { cultureFacts } from './facts.ts';

/**
 * schema.org data of an item's deep-link page: an Article about the heritage element, with the
 * national-list serial as an identifier and the region as its spatial coverage.
 */
export function cultureJsonLd(
  culture: Pick<
    CultureItem,
    | 'title'
    | 'description'
    | 'coverImage'
    | 'tagNames'
    | 'publishedAt'
    | 'type'
    | 'categoryName'
    | 'provinceId'
    | 'provinceName'
    | 'provinces'
    | 'facts'
  >,
  url: string,
) {
  const facts = culture.facts;
  const region = facts?.region ?? culture.provinceName;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: culture.title,
    description: culture.description,
    inLanguage: 'zh-CN',
    url,
    ...(culture.coverImage ? { image: culture.coverImage } : {}),
    ...(culture.publishedAt ? { datePublished: culture.publishedAt } : {}),
    ...(culture.tagNames.length ? { keywords: culture.tagNames.join(',') } : {}),
    ...(culture.type ? { genre: culture.type } : {}),
    ...(region ? { spatialCoverage: { '@type': 'Place', name: region } } : {}),
    about: { '@type': 'Thing', name: culture.title, ...(facts?.serial ? { identifier: facts.serial } : {}) },
    isBasedOn: cultureFacts(culture).source,
    publisher: { '@type': 'Organization', name: '非遗中国' },
  };
}

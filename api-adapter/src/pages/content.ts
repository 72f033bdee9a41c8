import { collection, singleType, view } from '../content/store.ts';
import type { CultureItem } from '@feiyi/contract/culture';
import { cultureById } from '../culture/content.ts';
import { inheritorById } from '../inheritor/content.ts';
import { byId } from '../shared/index-by.ts';
import { strapiHeritagePage, strapiHomePage, strapiNewsItem, toHeritagePage, toNewsItem } from './mapper.ts';

export const news = collection('content', 'news-items', {
  query: { sort: 'date:desc' },
  shape: strapiNewsItem,
  map: (documents, origin) => documents.map((document) => toNewsItem(document, origin)),
});
export const newsById = view('content', [news], (read) => byId(read(news)));

/** The 15 theme pages. */
export const heritagePages = collection('content', 'heritage-pages', {
  query: { sort: 'sort:asc' },
  shape: strapiHeritagePage,
  map: (documents, origin) => documents.map((document) => toHeritagePage(document, origin)),
});
export const heritageById = view('content', [heritagePages], (read) => byId(read(heritagePages)));
export const heritageBySlug = view('content', [heritagePages], (read) => new Map(read(heritagePages).map((p) => [p.slug, p])));

const homeDocument = singleType('content', 'home-page', { shape: strapiHomePage, map: (document) => document });

/** The editors' curation of the home page, resolved to published items (unpublished picks drop out). */
export const home = view('content', [homeDocument, cultureById, inheritorById], (read) => {
  const document = read(homeDocument);
  return {
    heroTitle: document?.heroTitle ?? '非遗中国',
    heroSubtitle: document?.heroSubtitle ?? '',
    hotCultures: (document?.hotCultures ?? [])
      .map((c) => read(cultureById).get(c.pid ?? -1))
      .filter((c): c is CultureItem => c !== undefined),
    showcaseInheritors: (document?.showcaseInheritors ?? [])
      .map((i) => read(inheritorById).get(i.pid ?? -1))
      .filter((i) => i !== undefined),
  };
});

export const pagesContent = [news, newsById, heritagePages, heritageById, heritageBySlug, home];

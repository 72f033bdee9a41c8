import type { z } from 'zod';
import { collection, type ContentCopy, singleType, view } from '../content/store.ts';
import type { homeResponse } from '@feiyi/contract/content';
import type { CultureItem } from '@feiyi/contract/culture';
import type { Inheritor } from '@feiyi/contract/inheritor';
import { cultureById } from '../culture/content.ts';
import { inheritorById } from '../inheritor/content.ts';
import { timeline } from '../policy/content.ts';
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

/** The editors' curation as the home page shows it: picks resolved to published items (unpublished picks drop out). */
export function resolveHome(
  document: z.infer<typeof strapiHomePage> | null | undefined,
  cultures: ReadonlyMap<number, CultureItem>,
  inheritors: ReadonlyMap<number, Inheritor>,
) {
  return {
    heroTitle: document?.heroTitle ?? '非遗中国',
    heroSubtitle: document?.heroSubtitle ?? '',
    hotCultures: (document?.hotCultures ?? []).map((c) => cultures.get(c.pid ?? -1)).filter((c): c is CultureItem => c !== undefined),
    showcaseInheritors: (document?.showcaseInheritors ?? [])
      .map((i) => inheritors.get(i.pid ?? -1))
      .filter((i): i is Inheritor => i !== undefined),
  };
}

/** The editors' curation of the home page, resolved to published items. */
export const home = view('content', [homeDocument, cultureById, inheritorById], (read) =>
  resolveHome(read(homeDocument), read(cultureById), read(inheritorById)),
);

/** What /api/home answers (and the home page's preview renders): the curation with the timeline and theme entries. */
export function homeData(curation: ReturnType<typeof resolveHome>, data: ContentCopy): z.infer<typeof homeResponse>['data'] {
  return {
    heroTitle: curation.heroTitle,
    heroSubtitle: curation.heroSubtitle,
    hotCultures: curation.hotCultures,
    inheritors: curation.showcaseInheritors.map((i) => ({
      id: i.id,
      name: i.inheritorName,
      titles: [`${i.levelText}非遗代表性传承人`, i.skillType, ...(i.batchYear ? [`${i.batchYear}年认定`] : [])],
      description: i.skillDescription || i.introduction || '',
      image: i.profileImages.split(',')[0] ?? '',
    })),
    timeline: data.get(timeline),
    heritagePages: data.get(heritagePages).map((p) => ({ id: p.id, slug: p.slug, title: p.title })),
  };
}

export const pagesContent = [news, newsById, heritagePages, heritageById, heritageBySlug, home];

import type { APIRoute } from 'astro';
import { allCategories, allCultures, allHeritagePages, allProvinces } from '../lib/data/api';
import { allNationalItems, profilePages } from '../lib/minglu/data';
import { sitemapXml, staticPagePaths } from '../lib/seo/sitemap';

// Written at build time from the same data the pages are built from (read once per build).
const pageFiles = Object.keys(import.meta.glob('./**/*.astro'));

export const GET: APIRoute = async ({ site }) => {
  const [categories, cultures, themes, provinces, items, profiles] = await Promise.all([
    allCategories(),
    allCultures(),
    allHeritagePages(),
    allProvinces(),
    allNationalItems(),
    profilePages(),
  ]);
  const paths = [
    ...staticPagePaths(pageFiles),
    ...categories.map((c) => `/culture/${c.id}`),
    ...cultures.map((c) => `/culture/item/${c.id}`),
    ...themes.map((t) => `/${t.slug}`),
    ...[...profiles.values()],
    ...provinces.map((p) => `/area/${p.id}`),
    ...items.map((r) => r.item.href),
  ];
  return new Response(sitemapXml(site ?? 'http://127.0.0.1:8080', paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};

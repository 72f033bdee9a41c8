/** The pages the service worker keeps (its caches named by rules.ts), newest first, with their titles: for the offline page. */
import { CACHE_PREFIX } from './rules.ts';

export interface KeptPage {
  path: string;
  title: string;
}

/** The page's own title, without the site's name that every title ends with. */
export function keptTitle(html: string, path: string): string {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (!title) return path;
  const text = title
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  return text.replace(/\s*·\s*非遗中国$/, '') || path;
}

export async function keptPages(): Promise<KeptPage[]> {
  if (!('caches' in window)) return [];
  const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name.endsWith('-pages'));
  const pages: KeptPage[] = [];
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of [...(await cache.keys())].reverse()) {
      const response = await cache.match(request);
      const path = new URL(request.url).pathname;
      pages.push({ path, title: keptTitle(response ? await response.text() : '', path) });
    }
  }
  return pages;
}

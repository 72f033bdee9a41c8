/**
 * sitemap.xml and robots.txt. Every public page is listed at the address its canonical link names (the built site
 * answers with a trailing slash: /minglu/iv-28/); pages that only a signed-in visitor uses, and the sign-in pages
 * (noindex), are left out, and robots.txt keeps crawlers away from the personal pages and the API.
 */

/** Pages that are personal or transactional: never listed, and closed to crawlers. */
export const PRIVATE_PREFIXES = ['/profile', '/payment', '/order', '/user', '/mobile', '/pay-success'] as const;
/** Pages that carry noindex (Base.astro; the editors' signed preview also X-Robots-Tag) or are no content: not listed, but crawlers may read their noindex. */
const UNLISTED = ['/login', '/register', '/404', '/offline', '/preview', '/editor-guide'] as const;

/** The address a page answers at: its path with a trailing slash ('/' stays '/'). */
export function pageAddress(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  return clean.endsWith('/') ? clean : `${clean}/`;
}

function isListed(path: string): boolean {
  const bare = path.replace(/\/$/, '') || '/';
  const under = (prefix: string) => bare === prefix || bare.startsWith(`${prefix}/`);
  return !PRIVATE_PREFIXES.some(under) && !UNLISTED.some(under);
}

/**
 * The pages of the site that have no parameters, from the page files' names relative to src/pages
 * ('./policy.astro' → '/policy/', './minglu/index.astro' → '/minglu/'); pages with parameters ([id]) are listed from
 * their data by the caller.
 */
export function staticPagePaths(files: readonly string[]): string[] {
  return files
    .filter((file) => !file.includes('['))
    .map((file) => {
      const route = file
        .replace(/^\.\//, '/')
        .replace(/\.astro$/, '')
        .replace(/(^|\/)index$/, '$1');
      return pageAddress(route || '/');
    })
    .filter(isListed)
    .sort();
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The sitemap of the given paths on `origin`: each listed page once, in the order given. */
export function sitemapXml(origin: string | URL, paths: Iterable<string>): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const path of paths) {
    const address = pageAddress(path);
    if (!isListed(address) || seen.has(address)) continue;
    seen.add(address);
    urls.push(`  <url><loc>${escapeXml(new URL(address, origin).href)}</loc></url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string | URL): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

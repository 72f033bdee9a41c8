/**
 * What the service worker (site/src/offline/service-worker.ts) keeps for reading offline, as pure functions.
 *
 * Kept: the pages a visitor has read of the public reading (the home, culture articles, the national list and its
 * items, inheritors, policy), which are the same HTML for every visitor (what is personal on them comes from /api in
 * the browser), and the files that draw them. Never kept: any /api answer (personal answers, prices, stock, tokens),
 * the personal and payment pages, the sign-in pages, the editors' preview and the CMS, anything sent with credentials
 * or answered as private. When online, a page always comes from the network first, so a publish shows at once.
 */

/** How a request is answered by the worker; undefined: not at all (the browser fetches it as if there were no worker). */
export type OfflineStrategy =
  /** A page that is kept once read: network first, the kept copy when offline. */
  | 'page'
  /** Any other page: network, and the offline page when there is none. */
  | 'page-unkept'
  /** A file whose address changes with its content (/_astro/, font slices): the kept copy first. */
  | 'immutable'
  /** A file of the shell at a fixed address (the font stylesheet, the icons, the manifest): network first. */
  | 'shell';

/** The pages a visitor reads, kept once read (paths without the trailing slash). */
const KEPT_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/culture\/item\/\d+$/,
  /^\/minglu(?:\/[\w-]+)?$/,
  /^\/inheritors(?:\/\d+)?$/,
  /^\/policy$/,
];

/** Never answered by the worker, whatever the request: the API, the CMS and the editors' preview, uploads in progress. */
const NEVER: readonly RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/admin(?:\/|$)/,
  /^\/preview(?:\/|$)/,
  /^\/_server(?:\/|$)/,
  /^\/content-manager(?:\/|$)/,
];

const IMMUTABLE: readonly RegExp[] = [/^\/_astro\//, /^\/fonts\/serif-[0-9a-f]+\.woff2$/];
const SHELL_FILES: readonly RegExp[] = [/^\/fonts\/serif\.css$/, /^\/favicon\.svg$/, /^\/manifest\.webmanifest$/, /^\/icons\/[\w-]+\.png$/];

/** The offline page, precached with the shell. */
export const OFFLINE_PAGE = '/offline';

/** A page's path as the cache knows it: no trailing slash, no query or fragment ('/' stays '/'). */
export function pagePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Whether a page at this path is kept once read. */
export function isKeptPage(pathname: string): boolean {
  const path = pagePath(pathname);
  return KEPT_PAGES.some((pattern) => pattern.test(path));
}

export interface RequestFacts {
  url: string;
  method: string;
  /** The request's mode: 'navigate' for a page. */
  mode: string;
  /** Whether the request carries an Authorization header. */
  authorized: boolean;
}

/** How the worker answers a request of the site's own origin (`origin`), if at all. */
export function offlineStrategy(request: RequestFacts, origin: string): OfflineStrategy | undefined {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== 'GET' || request.authorized) return undefined;
  if (NEVER.some((pattern) => pattern.test(url.pathname))) return undefined;
  if (request.mode === 'navigate') return isKeptPage(url.pathname) && !url.search ? 'page' : 'page-unkept';
  if (IMMUTABLE.some((pattern) => pattern.test(url.pathname))) return 'immutable';
  if (SHELL_FILES.some((pattern) => pattern.test(url.pathname))) return 'shell';
  return undefined;
}

export interface ResponseFacts {
  status: number;
  /** The answer's type: 'basic' for our origin; 'opaqueredirect' for a redirect a page navigation did not follow. */
  type: string;
  cacheControl: string | null;
  /** Whether the answer sets a cookie (a worker never sees Set-Cookie, but a cautious rule costs nothing). */
  setsCookie: boolean;
  /** Vary: an answer that differs by credentials is personal. */
  vary: string | null;
}

/** Whether an answer may be kept: a whole, public, same-origin answer that says nothing against keeping it. */
export function mayKeep(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.setsCookie) return false;
  if (response.cacheControl && /(?:^|,)\s*(?:no-store|private)\b/i.test(response.cacheControl)) return false;
  if (response.vary && /authorization|cookie/i.test(response.vary)) return false;
  return true;
}

/** The name of this build's cache of one kind; a new build's worker deletes every other name with CACHE_PREFIX. */
export const CACHE_PREFIX = 'feiyi-';
export const cacheName = (version: string, kind: 'shell' | 'pages') => `${CACHE_PREFIX}${version}-${kind}`;

/** The worker's own caches of other builds: deleted when this build's worker takes over. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = new Set([cacheName(version, 'shell'), cacheName(version, 'pages')]);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** The most pages kept: the oldest read go first beyond it (a page is 20–60 KB compressed). */
export const MAX_KEPT_PAGES = 200;

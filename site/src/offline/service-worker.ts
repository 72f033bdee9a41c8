/**
 * The service worker (/sw.js, bundled by integrations/offline.ts at the end of each build): keeps the shell and the
 * pages a visitor has read so they reopen without a network, and answers any other page with the offline page when
 * there is none. What is kept and how is in src/lib/offline/rules.ts.
 *
 * Pages are network first: online, a visitor always gets the page the site serves now (the render service replaces
 * pages after every publish); the kept copy is only for when the network fails. Each build has its own version (a hash
 * of the shell's files and the offline page, in this file): a new build installs a new worker, which deletes the old
 * build's caches when it takes over, so no visitor reads the old site's files once the new one is out.
 *
 * Hand-written rather than Workbox: four strategies and a refusal list, about 3 KB, no library to load in the worker.
 */
import {
  cacheName,
  isKeptPage,
  MAX_KEPT_PAGES,
  mayKeep,
  OFFLINE_PAGE,
  offlineStrategy,
  pagePath,
  staleCaches,
} from '../lib/offline/rules.ts';

/** Written by the build: this build's version and the shell's addresses. */
declare const __OFFLINE_BUILD__: { version: string; shell: string[] };

// The few parts of the service worker's global scope used here (the site's TypeScript has the DOM's types, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<Array<{ url: string }>> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const { version, shell } = __OFFLINE_BUILD__;
const SHELL = cacheName(version, 'shell');
const PAGES = cacheName(version, 'pages');
const origin = worker.location.origin;

const keepable = (response: Response) =>
  mayKeep({
    status: response.status,
    type: response.type,
    cacheControl: response.headers.get('cache-control'),
    setsCookie: response.headers.has('set-cookie'),
    vary: response.headers.get('vary'),
  });

/** A page's copy under its bare path (no trailing slash, no query), the oldest read going first beyond the limit. */
async function keepPage(url: string, response: Response) {
  if (!keepable(response)) return;
  const cache = await caches.open(PAGES);
  await cache.put(new URL(pagePath(new URL(url).pathname), origin).href, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT_PAGES)).map((key) => cache.delete(key)));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Fetched past the HTTP cache: the shell of this build, not a copy an earlier visit left.
      await cache.addAll(shell.map((address) => new Request(address, { cache: 'reload' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), version).map((name) => caches.delete(name)));
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
      // The page the visitor was reading when the worker arrived was fetched before it: keep it too.
      const open = await worker.clients.matchAll({ type: 'window' });
      await Promise.all(
        open
          .map((client) => new URL(client.url))
          .filter((url) => url.origin === origin && isKeptPage(url.pathname) && !url.search)
          .map(async (url) => {
            const response = await fetch(url.href).catch(() => undefined);
            if (response) await keepPage(url.href, response);
          }),
      );
    })(),
  );
});

async function fromNetwork(event: FetchEvent): Promise<Response> {
  return (await event.preloadResponse.catch(() => undefined)) ?? fetch(event.request);
}

async function offlinePage(): Promise<Response> {
  return (await caches.match(OFFLINE_PAGE, { cacheName: SHELL })) ?? Response.error();
}

async function page(event: FetchEvent, kept: boolean): Promise<Response> {
  try {
    const response = await fromNetwork(event);
    if (kept) event.waitUntil(keepPage(event.request.url, response.clone()));
    return response;
  } catch {
    const copy = kept
      ? await caches.match(new URL(pagePath(new URL(event.request.url).pathname), origin).href, { cacheName: PAGES })
      : undefined;
    return copy ?? offlinePage();
  }
}

async function immutable(request: Request): Promise<Response> {
  const copy = await caches.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (keepable(response)) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

async function shellFile(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (keepable(response)) await (await caches.open(SHELL)).put(request, response.clone());
    return response;
  } catch (error) {
    const copy = await caches.match(request, { cacheName: SHELL });
    if (copy) return copy;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = offlineStrategy(
    { url: request.url, method: request.method, mode: request.mode, authorized: request.headers.has('authorization') },
    origin,
  );
  if (strategy === 'page' || strategy === 'page-unkept') event.respondWith(page(event, strategy === 'page'));
  else if (strategy === 'immutable') event.respondWith(immutable(request));
  else if (strategy === 'shell') event.respondWith(shellFile(request));
  // A page the worker leaves to the browser (the preview, the API) still had its preload started: let it settle quietly.
  else if (request.mode === 'navigate') event.waitUntil(event.preloadResponse.catch(() => undefined));
});

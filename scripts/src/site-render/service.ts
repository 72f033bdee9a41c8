/**
 * The site's render process: a child process of ./portal (IPC, low CPU priority), in one of two modes.
 *   build <outDir> <stateDir>  builds the whole site with `astro build`, keeps a copy of Astro's prerender bundle and
 *                              writes what each page read (state.ts) into stateDir, then exits: a full build's process
 *                              holds over a gigabyte, and a small server cannot keep that waiting for publishes.
 *   resume <stateDir>          loads the bundle and that state (no full build), then renders on request the pages a
 *                              publish touched: asks the API again for every answer the pages read, renders only the
 *                              pages that read a changed answer (and new paths), and writes them into a staging copy of
 *                              the served site that its parent swaps in. Its parent stops it when idle (site.ts).
 *
 * Messages: parent → { type: 'update', stage } ; child → ServiceMessage (protocol.ts).
 */
import { cp, readFile, readdir, rm, unlink, writeFile, mkdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_MEMO_HOOK } from '../../../site/src/lib/data/build-memo.ts';
import { SERIF_FAMILY, serifSlice } from '../../../site/integrations/serif-font.ts';
import {
  fontFaceCss,
  serifCharacters,
  serifSelectors,
  withSerifText,
  type SerifSelectors,
} from '../../../site/src/lib/fonts/serif-subset.ts';
import { precompressFiles } from '../site.ts';
import { SITE_DIR } from '../paths.ts';
import { affectedPages, outputFileOf, propsFingerprint } from './affected.ts';
import { BuildReads, memoDep } from './reads.ts';
import { type HeadData, type RenderState, readState, statePaths, writeState } from './state.ts';
import type { ParentMessage, ServiceMessage, UpdateResult } from './protocol.ts';

/** More pages than this touched by one change: a full build is about as fast, and surely complete. */
export const MAX_PAGES_PER_UPDATE = 400;

interface RouteLike {
  type: string;
  route: string;
  component: string;
}
interface RouteCache {
  clearAll(): void;
  get(route: RouteLike): { staticPaths?: { keyed: Map<string, { props?: unknown }> } } | undefined;
}
interface PrerenderResult {
  response: Response;
  metadata?: unknown;
}
interface PrerenderApp {
  routeCache?: RouteCache;
  manifest?: {
    routes?: Array<{ routeData: RouteLike }>;
    pageMap?: Map<string, () => Promise<{ page?: () => Promise<unknown> }>>;
  };
  logger?: { options?: { destination?: unknown } };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions?(): { settings: { scripts: Array<{ stage: string; content: string }> } };
}
interface Prerenderer {
  name: string;
  app?: PrerenderApp;
  setup?(): Promise<void>;
  getStaticPaths(): Promise<Array<{ pathname: string; route: RouteLike }>>;
  render(request: Request, options: { routeData: RouteLike; collectMetadata?: boolean }): Promise<PrerenderResult | Response>;
  teardown?(): Promise<void>;
}

const send = (message: ServiceMessage) => process.send?.(message);
const NULL_BODY = new Set([101, 204, 205, 304]);
const normalPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const reads = new BuildReads(globalThis.fetch.bind(globalThis));
globalThis.fetch = reads.fetch;
(globalThis as Record<symbol, unknown>)[BUILD_MEMO_HOOK] = reads;

/** A route's identity across processes (its RouteData is found again in the bundle's manifest). */
const routeKey = (route: RouteLike) => `${route.route}\n${route.component}`;
/** What the last render of each path read, where it was rendered from, and its route. */
const pages = new Map<string, { route: string; url: string; reads: Set<string> }>();
/** Every path generated, with its route and the fingerprint of its props. */
let paths = new Map<string, { route: RouteLike; props: string }>();
/** The props' fingerprints of a restored state, until this process lists the paths itself. */
let restoredProps = new Map<string, string>();
let prerenderer: Prerenderer | undefined;
let siteOrigin = '';
/** The bundle's entry (relative to its folder) and what its renders read of Astro's build internals. */
let bundle: { entryFile: string; head: HeadData } | undefined;

async function renderBuffered(base: Prerenderer, request: Request, route: RouteLike) {
  const { value, reads: pageReads } = await reads.collect(async () => {
    const result = await base.render(request, { routeData: route });
    const response = result instanceof Response ? result : result.response;
    // Read to the end inside the page's scope: a streamed page reads its data while it is being written.
    const bytes = response.body === null ? null : await response.arrayBuffer();
    const rebuilt = new Response(bytes === null || NULL_BODY.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return { result: result instanceof Response ? rebuilt : { ...result, response: rebuilt }, bytes };
  });
  return { ...value, reads: pageReads };
}

/** The prerender bundle's entry in a build's output (Astro deletes the folder once the pages are generated). */
async function prerenderEntry(outDir: string): Promise<{ dir: string; entryFile: string }> {
  const dir = path.join(outDir, '_server', '.prerender');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const entry = entries.find((item) => item.isFile() && item.name.startsWith('prerender-entry') && /\.m?js$/.test(item.name));
  if (!entry) throw new Error(`在 ${dir} 中找不到 Astro 的预渲染入口`);
  return { dir, entryFile: path.relative(dir, path.join(entry.parentPath, entry.name)) };
}

/**
 * Sets up Astro's prerenderer, keeping what a later process needs to render with it: a copy of the bundle, and the
 * build internals Astro hands the bundle's app (caught on their way in: the app is the module's, imported once).
 */
async function setupKeepingBundle(base: Prerenderer, outDir: string, stateDir: string) {
  const { dir, entryFile } = await prerenderEntry(outDir);
  const app = ((await import(pathToFileURL(path.join(dir, entryFile)).href)) as { app: PrerenderApp }).app;
  let internals: { pagesByKeys: Map<string, { styles: unknown[] }>; entrySpecifierToBundleMap: Map<string, string> } | undefined;
  const setInternals = app.setInternals.bind(app);
  app.setInternals = (value) => {
    internals = value as typeof internals;
    setInternals(value);
  };
  await base.setup?.();
  if (!internals || !app.getOptions) throw new Error('没有取得 Astro 构建的内部数据');
  const scripts = app.getOptions().settings.scripts;
  bundle = {
    entryFile,
    head: {
      pageStyles: new Map([...internals.pagesByKeys].map(([key, data]) => [key, data.styles])),
      entrySpecifierToBundleMap: new Map(internals.entrySpecifierToBundleMap),
      scripts: scripts.filter(({ stage }) => stage === 'page' || stage === 'head-inline').map(({ stage, content }) => ({ stage, content })),
    },
  };
  const { prerenderNext } = statePaths(stateDir);
  await rm(prerenderNext, { recursive: true, force: true });
  await cp(dir, prerenderNext, { recursive: true });
}

/** Astro's prerenderer again from a kept bundle, in a process that did not build (core/build/default-prerenderer.js's steps). */
async function restoredPrerenderer(stateDir: string, state: RenderState): Promise<Prerenderer> {
  const astro = path.join(SITE_DIR, 'node_modules', 'astro', 'dist');
  const entry = pathToFileURL(path.join(statePaths(stateDir).prerender, state.entryFile)).href;
  const { app } = (await import(entry)) as { app: PrerenderApp };
  const { StaticPaths } = (await import(pathToFileURL(path.join(astro, 'runtime', 'prerender', 'static-paths.js')).href)) as {
    StaticPaths: new (app: PrerenderApp) => { getAll(): Promise<Array<{ pathname: string; route: RouteLike }>> };
  };
  const { renderForPrerender } = (await import(pathToFileURL(path.join(astro, 'core', 'app', 'prerender.js')).href)) as {
    renderForPrerender(app: PrerenderApp, request: Request, options: { routeData: RouteLike }): Promise<PrerenderResult>;
  };
  // Only what a render reads of them (environment.js headElements): each page's styles, the page scripts' bundle, the scripts.
  app.setInternals({
    pagesByKeys: new Map([...state.head.pageStyles].map(([key, styles]) => [key, { styles }])),
    entrySpecifierToBundleMap: state.head.entrySpecifierToBundleMap,
  });
  app.setOptions({ settings: { scripts: state.head.scripts }, logger: { options: { destination: app.logger?.options?.destination } } });
  // Every page's modules now: the site's memoized values tell the hook how to load them as their modules are evaluated.
  for (const load of app.manifest?.pageMap?.values() ?? []) await (await load()).page?.();
  return {
    name: 'feiyi:restored',
    app,
    getStaticPaths: () => new StaticPaths(app).getAll(),
    render: (request, options) => renderForPrerender(app, request, { routeData: options.routeData }),
  };
}

function trackingPrerenderer(base: Prerenderer, outDir: string, stateDir: string): Prerenderer {
  prerenderer = base;
  return {
    name: 'feiyi:render-service',
    setup: () => setupKeepingBundle(base, outDir, stateDir),
    async getStaticPaths() {
      const value = await staticPaths(base);
      return value;
    },
    async render(request, options) {
      const { result, reads: pageReads } = await renderBuffered(base, request, options.routeData);
      const url = new URL(request.url);
      siteOrigin ||= url.origin;
      pages.set(normalPath(decodeURI(url.pathname)), { route: routeKey(options.routeData), url: request.url, reads: pageReads });
      return result;
    },
    // The prerenderer stays set up: later updates render with it.
    teardown: () => Promise.resolve(),
  };
}

/**
 * Every path with its route and props fingerprint. The props come from Astro's route cache, where getStaticPaths'
 * answers are kept by the same key as the path (stringifyParams).
 */
async function staticPaths(base: Prerenderer) {
  const { value } = await reads.collect(() => base.getStaticPaths());
  const cache = base.app?.routeCache;
  paths = new Map(
    value.map(({ pathname, route }) => {
      const props = cache?.get(route)?.staticPaths?.keyed.get(pathname)?.props;
      return [normalPath(pathname), { route, props: propsFingerprint(props) }];
    }),
  );
  return value;
}

let setPrerenderer: ((wrap: (base: Prerenderer) => Prerenderer) => void) | undefined;

async function fullBuild(outDir: string, stateDir: string): Promise<void> {
  const astro = (await import(pathToFileURL(path.join(SITE_DIR, 'node_modules', 'astro', 'dist', 'index.js')).href)) as {
    build(config: Record<string, unknown>): Promise<void>;
  };
  await astro.build({
    root: SITE_DIR,
    outDir,
    logLevel: 'warn',
    integrations: [
      {
        name: 'feiyi-render-service',
        hooks: {
          // Set once Vite's configuration is made: with an adapter (the preview's @astrojs/node), a prerenderer set
          // before it makes Astro leave out its own prerender entry (it expects the adapter's), and the build fails.
          'astro:config:setup': ({ updateConfig }: { updateConfig(config: Record<string, unknown>): void }) =>
            updateConfig({
              vite: {
                plugins: [
                  {
                    name: 'feiyi-render-service',
                    buildApp: { order: 'pre', handler: () => setPrerenderer?.((base) => trackingPrerenderer(base, outDir, stateDir)) },
                  },
                ],
              },
            }),
          'astro:build:start': (options: { setPrerenderer(wrap: (base: Prerenderer) => Prerenderer): void }) => {
            setPrerenderer = options.setPrerenderer;
          },
        },
      },
    ],
  });
  if (!prerenderer) throw new Error('网站构建没有经过渲染服务的预渲染器');
}

/** The heading-font selectors and the characters the cut font slices hold (read from the served site once). */
let serif: { selectors: SerifSelectors; covered: Set<string> } | undefined;
async function serifState(siteDir: string) {
  if (serif) return serif;
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const css = (await Promise.all(files.filter((file) => file.endsWith('.css')).map((file) => readFile(file, 'utf8')))).join('\n');
  const covered = new Set<string>();
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    const text = /data-serif-text="([^"]*)"/.exec(await readFile(file, 'utf8'))?.[1] ?? '';
    for (const char of text.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) covered.add(char);
  }
  serif = { selectors: serifSelectors(css), covered };
  return serif;
}

/** Replaces a file of the staging copy without touching the served one it is hard-linked to. */
async function replaceFile(file: string, body: Uint8Array | string) {
  await Promise.all(['', '.br', '.gz'].map((suffix) => unlink(`${file}${suffix}`).catch(() => undefined)));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

/**
 * A publish brought heading characters the font's slices lack: one more slice holding just them, its @font-face added
 * to /fonts/serif.css (which pages revalidate on every visit). No page changes, so the publish needs no full build;
 * the next full build cuts the slices anew. Returns the files to precompress.
 */
async function addSupplementarySlice(stage: string, chars: readonly string[]): Promise<string[]> {
  const sorted = [...chars].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
  const slice = await serifSlice(sorted);
  const fontFile = path.join(stage, 'fonts', slice.name);
  await replaceFile(fontFile, slice.bytes);
  const cssFile = path.join(stage, 'fonts', 'serif.css');
  const css = await readFile(cssFile, 'utf8');
  await replaceFile(
    cssFile,
    `${css.trimEnd()}\n${fontFaceCss(SERIF_FAMILY, '600 700', [{ url: `/fonts/${slice.name}`, chars: sorted }])}\n`,
  );
  // The woff2 is compressed already: only the stylesheet needs its .br and .gz copies.
  return [cssFile];
}

async function removePath(stage: string, pathname: string) {
  const file = path.join(stage, outputFileOf(pathname));
  await Promise.all(['', '.br', '.gz'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
  // Its folder too when nothing else is left in it (culture/item/7/).
  if (file.endsWith(`${path.sep}index.html`)) await rmdir(path.dirname(file)).catch(() => undefined);
}

/** Everything this process knows, for the next one (state.ts; its parent commits it with the site it describes). */
async function saveState(stateDir: string) {
  if (!bundle) throw new Error('渲染服务没有预渲染包');
  const { answers, memo } = reads.snapshot();
  await writeState(stateDir, {
    ...bundle,
    siteOrigin,
    answers,
    memo,
    pages: new Map([...pages].map(([pathname, { route, url, reads: pageReads }]) => [pathname, { route, url, reads: pageReads }])),
    paths: paths.size > 0 ? new Map([...paths].map(([pathname, { props }]) => [pathname, props])) : restoredProps,
    serif,
  });
}

async function restore(stateDir: string) {
  const state = await readState(stateDir);
  prerenderer = await restoredPrerenderer(stateDir, state);
  bundle = { entryFile: state.entryFile, head: state.head };
  siteOrigin = state.siteOrigin;
  reads.restore(state);
  for (const [pathname, page] of state.pages) pages.set(pathname, page);
  restoredProps = state.paths;
  serif = state.serif;
}

/** A memoized value restored from disk is loaded again by rendering (and discarding) a page that uses it. */
async function recompute(base: Prerenderer, memoKey: string) {
  const routes = new Map((base.app?.manifest?.routes ?? []).map(({ routeData }) => [routeKey(routeData), routeData]));
  for (const page of pages.values()) {
    const route = routes.get(page.route);
    if (!route || !page.reads.has(memoDep(memoKey))) continue;
    await renderBuffered(base, new Request(page.url), route);
    return;
  }
}

async function update(stage: string, stateDir: string): Promise<UpdateResult> {
  const base = prerenderer;
  if (!base) return { kind: 'unsure', reason: '渲染服务没有可用的预渲染包', changedSample: [] };
  const started = Date.now();
  const apiOrigin = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080';
  const changed = await reads.refresh(apiOrigin, {
    secret: process.env.PORTAL_WEBHOOK_SECRET,
    recompute: (memoKey) => recompute(base, memoKey),
  });
  const refreshedMs = Date.now() - started;
  base.app?.routeCache?.clearAll();
  const fingerprints = (all: typeof paths) => new Map([...all].map(([pathname, { props }]) => [pathname, props]));
  const previous = paths.size > 0 ? fingerprints(paths) : restoredProps;
  await staticPaths(base);
  const readsByPage = new Map([...pages].map(([pathname, page]) => [pathname, page.reads]));
  const change = affectedPages(readsByPage, changed, previous, fingerprints(paths));
  if (change.render.length > MAX_PAGES_PER_UPDATE) {
    return {
      kind: 'unsure',
      reason: `这次发布影响 ${change.render.length} 个页面，整站构建更快`,
      changedSample: [...changed].slice(0, 12),
    };
  }
  const { selectors, covered } = await serifState(stage);
  let fontsStale = false;
  const missing = new Set<string>();
  const written: string[] = [];
  for (const pathname of change.render) {
    const { route } = paths.get(pathname)!;
    const known = pages.get(pathname);
    const url = known?.url ?? new URL(route.type === 'endpoint' || pathname === '/' ? pathname : `${pathname}/`, siteOrigin).href;
    const { result, bytes, reads: pageReads } = await renderBuffered(base, new Request(url), route);
    const status = (result instanceof Response ? result : result.response).status;
    if (status >= 400 && pathname !== '/404') throw new Error(`页面 ${pathname} 渲染失败：HTTP ${status}`);
    const file = path.join(stage, outputFileOf(pathname));
    let body: Uint8Array | string = new Uint8Array(bytes ?? new ArrayBuffer(0));
    if (file.endsWith('.html')) {
      const chars = serifCharacters(Buffer.from(body).toString('utf8'), selectors);
      for (const char of chars) if (!covered.has(char)) missing.add(char);
      body = withSerifText(Buffer.from(body).toString('utf8'), chars);
    }
    await replaceFile(file, body);
    written.push(file);
    pages.set(pathname, { route: routeKey(route), url, reads: pageReads });
  }
  for (const pathname of change.remove) {
    await removePath(stage, pathname);
    pages.delete(pathname);
  }
  if (missing.size > 0) {
    try {
      written.push(...(await addSupplementarySlice(stage, [...missing])));
      for (const char of missing) covered.add(char);
    } catch (error) {
      // Without the slice the headings show the system's serif for those characters until a full build cuts them.
      console.error(error);
      fontsStale = true;
    }
  }
  await precompressFiles(written);
  await saveState(stateDir);
  return {
    kind: 'updated',
    rendered: change.render,
    removed: change.remove,
    changedReads: changed.size,
    changedSample: [...changed].slice(0, 12),
    fontsStale,
    fontCharsAdded: fontsStale ? 0 : missing.size,
    refreshedMs,
    totalMs: Date.now() - started,
  };
}

const [mode, ...args] = process.argv.slice(2);
const stateDir = mode === 'build' ? args[1] : args[0];
if ((mode !== 'build' && mode !== 'resume') || !stateDir || (mode === 'build' && !args[0])) {
  throw new Error('用法：service.ts build <输出目录> <状态目录> | resume <状态目录>');
}

process.on('message', (message: ParentMessage) => {
  if (message.type !== 'update') return;
  update(message.stage, stateDir).then(
    (result) => send({ type: 'update-done', result }),
    (error: unknown) => send({ type: 'update-failed', message: (error as Error).message }),
  );
});
process.on('disconnect', () => process.exit(0));

const failed = (error: unknown) => {
  send({ type: 'build-failed', message: `${(error as Error).message}\n${(error as Error).stack ?? ''}` });
  process.exitCode = 1;
  console.error(error);
  process.disconnect?.();
};

if (mode === 'build') {
  const outDir = args[0]!;
  fullBuild(outDir, stateDir)
    // The font state now, so that the first publish does not wait for reading every page.
    .then(() => serifState(outDir))
    .then(() => saveState(stateDir))
    // Built: this process's memory (over a gigabyte after Astro's build) goes back to the system.
    .then(() => process.send?.({ type: 'built', pages: pages.size } satisfies ServiceMessage, () => process.disconnect?.()), failed);
} else {
  restore(stateDir).then(() => send({ type: 'ready' }), failed);
}

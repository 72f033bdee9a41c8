import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { culturePageResponse } from '@feiyi/contract';
import { CHROMIUM_LAUNCH } from '../../scripts/src/test-prerequisites.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

// Offline reading (site/src/offline/service-worker.ts): the only spec that runs with the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
// Each test walks several pages online and offline while a worker installs: room for a busy machine.
test.describe.configure({ timeout: 180_000 });

const collection = '/content-manager/collection-types/api::culture.culture';
/** Publish → live is 5 s median, 10 s worst on a quiet machine (publish.spec.ts); the bound leaves room for a very busy one. */
const LIVE_WITHIN = { timeout: 120_000, intervals: [250, 500, 1000] };
const OFFLINE_HEADING = '没有网络连接，这个页面还没有保存在本机';

/** Opens a page and waits until the service worker controls it (it registers after load, precaches the shell, then takes over; bounded for a busy machine). */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
}

/** Every address in the worker's caches (their paths), by cache. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
  });

/** Waits until a page's path is among the kept pages. */
const kept = (page: Page, path: string) =>
  expect.poll(
    async () => Object.entries(await cachedPaths(page)).some(([name, paths]) => name.endsWith('-pages') && paths.includes(path)),
    {
      timeout: 30_000,
    },
  );

async function firstItems(page: Page) {
  return culturePageResponse.parse(await (await page.request.get('/api/culture/page?page=1&size=10')).json()).data.page.records;
}

test('the site is installable: a Chinese manifest with its icons and a service worker that controls the page', async () => {
  // Chrome never offers to install from an incognito profile, which every Playwright context is: a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'feiyi-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH,
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, '/');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest.short_name).toBe('非遗中国');
    expect(manifest.name).toMatch(/^非遗中国/);
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    // What a browser asks for where no page names an icon (a feed, a file shown in the tab), and feed readers fetch.
    const favicon = await page.request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\//);
    // Chrome's own installability check: the manifest, its icons and a worker that controls the page.
    const cdp = await context.newCDPSession(page);
    const appManifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(appManifest.errors).toEqual([]);
    expect(appManifest.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a new worker deletes the caches of earlier builds when it takes over', async ({ page }) => {
  await openControlled(page, '/');
  const current = Object.keys(await cachedPaths(page));
  expect(current.some((name) => /^feiyi-[0-9a-f]{12}-shell$/.test(name))).toBe(true);
  await page.evaluate(async () => {
    await (await caches.open('feiyi-000000000000-pages')).put('/culture/item/1', new Response('旧版本的页面'));
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.unregister();
  });
  // An unregistered worker stays until no page uses it, and a register() before then revives it instead of installing a
  // new one: leave the site first, so that the next visit installs and activates a worker of its own.
  await page.goto('about:blank');
  await openControlled(page, '/');
  await expect.poll(async () => Object.keys(await cachedPaths(page)), { timeout: 30_000 }).not.toContain('feiyi-000000000000-pages');
});

test('a read article reopens offline; a page not read shows the Chinese offline page with the pages kept', async ({ page, context }) => {
  const problems = collectProblems(page);
  const item = (await firstItems(page))[0]!;
  const itemPath = `/culture/item/${item.id}`;
  await openControlled(page, '/');
  await page.goto(itemPath);
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  await kept(page, itemPath).toBe(true);
  // The page the worker arrived on was read before it came: it is kept too.
  await kept(page, '/').toBe(true);

  await context.setOffline(true);
  await page.goto(itemPath);
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  await page.goto('/');
  await expect(page.locator('#main')).not.toContainText(OFFLINE_HEADING);

  await page.goto('/charity');
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  const keptList = page.getByRole('region', { name: '可离线阅读的页面' });
  await expect(keptList.getByRole('link', { name: item.title })).toHaveAttribute('href', itemPath);
  await expectAccessible(page);
  await context.setOffline(false);
  // Offline, the browser reports the pictures and calls it could not make; nothing else went wrong.
  expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(problem))).toEqual([]);
});

test('personal answers, prices and stock are never kept', async ({ page, context, request }) => {
  const visitor = await newVisitor(request, 'offline');
  await storeLogin(context, visitor);
  // The personal answers the pages asked for (sent with the visitor's token); the shop's prices and stock are on /charity
  // and its /api answers, neither of which may be kept.
  const personal: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') && r.headers().authorization) personal.push(pathname);
  });
  await openControlled(page, '/');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => personal.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.goto('/charity');
  await expect(page.locator('[data-product]').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/policy');
  await kept(page, '/policy').toBe(true);

  const caches = await cachedPaths(page);
  const every = Object.values(caches).flat();
  expect(every.length).toBeGreaterThan(0);
  expect(
    every.filter((path) =>
      /^\/(api|admin|preview)(\/|$)|^\/(profile|charity|payment|mobile|pay-success|order|user|login|register)(\/|$)/.test(path),
    ),
  ).toEqual([]);
  // What is kept: this build's shell, and the pages read of the public reading.
  const pages = Object.entries(caches).find(([name]) => name.endsWith('-pages'))![1];
  expect(pages.sort()).toEqual(['/', '/policy']);

  // Offline, the personal centre is not shown from any copy: the offline page answers.
  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_HEADING })).toBeVisible();
  await context.setOffline(false);
});

test('a publish reaches a visitor who has the page kept, at the next reload', async ({ page, context }) => {
  const item = (await firstItems(page))[3]!;
  const itemPath = `/culture/item/${item.id}`;
  const editor = await adminToken('editor');
  const found = await adminRequest(editor, 'GET', `${collection}?filters[pid][$eq]=${item.id}&pageSize=1`);
  const documentId = String((found.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const publish = async (description: string) => {
    expect((await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { description })).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
  };
  const marker = `离线后又发布${Date.now().toString(36)}`;

  await openControlled(page, '/');
  await page.goto(itemPath);
  await kept(page, itemPath).toBe(true);
  await expect(page.getByText(marker)).toHaveCount(0);
  try {
    await publish(`${marker}。${item.description}`);
    await expect.poll(async () => (await (await page.request.get(`${itemPath}/`)).text()).includes(marker), LIVE_WITHIN).toBe(true);
    await page.reload();
    await expect(page.getByText(marker).first()).toBeVisible();
    // The kept copy is the new page too.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(marker).first()).toBeVisible();
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    await publish(item.description);
  }
});

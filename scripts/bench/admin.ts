/**
 * Admin list benchmark: how long an editor waits for the content manager's two longest lists — the national-list
 * entries (≈ 3,610) and the inheritors (≈ 3,995) — to open, filter and search. In Chromium, signed in as 内容编辑:
 * the clock runs from the navigation to the list's address until its rows are on screen — inside the running admin (as
 * an editor moves between screens) and as a whole page load of the address (the admin's scripts from the browser's
 * cache, its start-up calls included); beside them, the list's own admin API call. Runs against a
 * started portal (./portal start in another terminal, the full seeded content).
 *   ./portal bench admin      (PORT, CMS_PORT and HOST as for ./portal start; BENCH_ADMIN_RUNS=7)
 */
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { editorAccount, editorAdminToken } from '../src/admin-session.ts';
import { CHROMIUM_LAUNCH } from '../src/test-prerequisites.ts';

const host = process.env.HOST ?? '127.0.0.1';
const cmsUrl = `http://${host}:${process.env.CMS_PORT ?? 1337}`;
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 7);

const editor = editorAccount();

interface Case {
  list: string;
  what: string;
  uid: string;
  /** The list's query as the admin writes it in its address (and sends to its API). */
  query: string;
}

const NATIONAL = 'api::national-entry.national-entry';
const INHERITOR = 'api::inheritor.inheritor';
const CASES: Case[] = [
  { list: '国家级名录条目', what: '打开', uid: NATIONAL, query: 'page=1&pageSize=10' },
  { list: '国家级名录条目', what: '按类别筛选', uid: NATIONAL, query: 'page=1&pageSize=10&filters[$and][0][category][code][$eq]=68' },
  { list: '国家级名录条目', what: '按批次筛选', uid: NATIONAL, query: 'page=1&pageSize=10&filters[$and][0][batchYear][$eq]=2011' },
  {
    list: '国家级名录条目',
    what: '按省份筛选',
    uid: NATIONAL,
    query: 'page=1&pageSize=10&filters[$and][0][province][shortName][$eq]=浙江',
  },
  { list: '国家级名录条目', what: '按名称搜索', uid: NATIONAL, query: 'page=1&pageSize=10&_q=剪纸' },
  { list: '传承人', what: '打开', uid: INHERITOR, query: 'page=1&pageSize=10' },
  { list: '传承人', what: '按类别筛选', uid: INHERITOR, query: 'page=1&pageSize=10&filters[$and][0][category][code][$eq]=68' },
  { list: '传承人', what: '按批次筛选', uid: INHERITOR, query: 'page=1&pageSize=10&filters[$and][0][batchYear][$eq]=2012' },
  { list: '传承人', what: '按省份筛选', uid: INHERITOR, query: 'page=1&pageSize=10&filters[$and][0][province][shortName][$eq]=浙江' },
  { list: '传承人', what: '按姓名搜索', uid: INHERITOR, query: 'page=1&pageSize=10&_q=王' },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${cmsUrl}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(editor.email);
  await page.locator('input[name="password"]').fill(editor.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 120_000 });
}

/** From the navigation to the first row of the list on screen; the rows' count is checked against the API's total. */
async function openList(page: Page, item: Case): Promise<number> {
  const started = performance.now();
  await page.goto(`${cmsUrl}/admin/content-manager/collection-types/${item.uid}?${encodeURI(item.query)}`);
  await page.locator('tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });
  return performance.now() - started;
}

/**
 * The same inside the running admin, as an editor goes from screen to screen (the menu, a filter, a search): the
 * address changes without a page load, from the profile screen (which has no table) to the list.
 */
/** The admin's router follows the address on a popstate, as on the browser's back button (a script in the page). */
const goInApp = (address: string) =>
  `window.history.pushState({}, '', ${JSON.stringify(address)}); window.dispatchEvent(new PopStateEvent('popstate'));`;

async function switchToList(page: Page, item: Case): Promise<number> {
  await page.evaluate(goInApp('/admin/me'));
  await page.locator('input[name="firstname"]').waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('tbody tr').first().waitFor({ state: 'detached', timeout: 60_000 });
  const started = performance.now();
  await page.evaluate(goInApp(`/admin/content-manager/collection-types/${item.uid}?${encodeURI(item.query)}`));
  await page.locator('tbody tr').first().waitFor({ state: 'visible', timeout: 60_000 });
  return performance.now() - started;
}

async function apiCall(token: string, item: Case): Promise<{ ms: number; total: number }> {
  const started = performance.now();
  const response = await fetch(`${cmsUrl}/content-manager/collection-types/${item.uid}?${encodeURI(item.query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${item.list}${item.what}：HTTP ${response.status}`);
  const body = (await response.json()) as { pagination: { total: number } };
  return { ms: performance.now() - started, total: body.pagination.total };
}

async function main() {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page);
    const token = await editorAdminToken(cmsUrl);
    console.log(`后台列表基准：内容编辑，Chromium，每项 ${RUNS} 次（另有 1 次预热不计）`);
    const rows: string[][] = [];
    for (const item of CASES) {
      await openList(page, item);
      await apiCall(token, item);
      const screen: number[] = [];
      const inApp: number[] = [];
      const api: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        screen.push(await openList(page, item));
        inApp.push(await switchToList(page, item));
        const answer = await apiCall(token, item);
        api.push(answer.ms);
        total = answer.total;
      }
      rows.push([
        item.list,
        item.what,
        String(total),
        `${(median(inApp) / 1000).toFixed(2)} 秒`,
        `${(max(inApp) / 1000).toFixed(2)} 秒`,
        `${(median(screen) / 1000).toFixed(2)} 秒`,
        `${(max(screen) / 1000).toFixed(2)} 秒`,
        `${Math.round(median(api))} ms`,
      ]);
      console.log(rows.at(-1)!.join('  '));
    }
    console.log(
      '\n| 列表 | 操作 | 条数 | 后台内切换到行出现（中位） | 最慢 | 整页打开地址到行出现（中位） | 最慢 | 后台 API（中位） |\n|---|---|---|---|---|---|---|---|',
    );
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    console.log(
      `\n${new Date().toISOString().slice(0, 10)}，${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node.js ${process.version}，平均负载 ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await browser.close();
  }
}

await main();

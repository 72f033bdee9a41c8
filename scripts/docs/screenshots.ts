/**
 * The editor guide's screenshots (docs/编辑指南.md), taken from a started portal so they show the admin as it is:
 * Chromium in Chinese, signed in as 内容编辑 (and as 运营 for the 运营工作台), the screens the guide walks through. Nothing is changed: the edit
 * views are opened and left without saving; for the history panel, the first culture item's draft description is
 * saved once with a note and once as it was (two versions, the content as before); for the 定时发布 panel a publish is
 * set and cancelled again.
 *   ./portal docs screenshots      (PORT, CMS_PORT and HOST as for ./portal start)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { editorAccount, editorAdminToken, operatorAccount } from '../src/admin-session.ts';
import { ROOT } from '../src/paths.ts';
import { CHROMIUM_LAUNCH } from '../src/test-prerequisites.ts';

const host = process.env.HOST ?? '127.0.0.1';
const cmsUrl = `http://${host}:${process.env.CMS_PORT ?? 1337}`;
const OUT_DIR = path.join(ROOT, 'docs', 'images', 'editor-guide');

const editor = editorAccount();

const admin = (route: string) => `${cmsUrl}/admin${route}`;

async function shoot(page: Page, name: string) {
  // Strapi fills a screen in steps: take it once nothing is loading.
  await page
    .getByRole('progressbar')
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 })
    .catch(() => undefined);
  // Pictures and fonts finish loading; a page that keeps a connection open (the preview's site) is taken after 5 s.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.screenshot({ path: path.join(OUT_DIR, `${name}.png`) });
  console.log(`  ${name}.png`);
}

/** Two saves of a culture item's draft: one with a note, one putting the description back (the history has versions to show). */
async function twoVersions(documentId: string) {
  const token = await editorAdminToken(cmsUrl);
  const route = `${cmsUrl}/content-manager/collection-types/api::culture.culture/${documentId}`;
  const call = async (method: string, body?: unknown) => {
    const response = await fetch(route, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}：HTTP ${response.status}`);
    return (await response.json()) as { data: { description?: string | null } };
  };
  const description = (await call('GET')).data.description ?? '';
  await call('PUT', { description: `（编辑指南示例：一次修改）${description}` });
  await call('PUT', { description });
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
    console.log(`编辑指南截图 → ${path.relative(ROOT, OUT_DIR)}`);

    await page.goto(admin('/auth/login'));
    await page.locator('input[name="email"]').waitFor({ timeout: 120_000 });
    await page.locator('input[name="email"]').fill(editor.email);
    await shoot(page, '01-login');
    await page.locator('input[name="password"]').fill(editor.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 120_000 });
    await page.locator('[data-site-status]').waitFor({ timeout: 60_000 });
    // The home's 网站发布状态 (and its link to this guide) in view.
    await page.locator('[data-site-status]').scrollIntoViewIfNeeded();
    await shoot(page, '02-home');

    const culture = 'api::culture.culture';
    await page.goto(admin(`/content-manager/collection-types/${culture}?page=1&pageSize=10&sort=pid:ASC`));
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await shoot(page, '03-culture-list');

    await page.locator('tbody tr').first().click();
    const preview = page.getByRole('link', { name: '打开预览' });
    await preview.waitFor({ timeout: 60_000 });
    await shoot(page, '04-culture-edit');

    await preview.click();
    await page.frameLocator('iframe').getByText('预览 · ').first().waitFor({ timeout: 60_000 });
    await shoot(page, '05-preview-panel');
    await page.keyboard.press('Escape');

    // 历史版本: the side panel's list, then one version beside the draft.
    const documentId = /api::culture\.culture\/([^/?]+)/.exec(page.url())?.[1];
    if (!documentId) throw new Error(`编辑页地址里没有文档编号：${page.url()}`);
    await twoVersions(documentId);
    // Back to the edit view itself (the preview has its own address).
    await page.goto(admin(`/content-manager/collection-types/${culture}/${documentId}`));
    const history = page.locator('[data-history-list]');
    await history.waitFor({ timeout: 60_000 });
    await history.scrollIntoViewIfNeeded();
    await shoot(page, '09-history-panel');
    await history.locator('[data-version]').nth(1).getByRole('button', { name: '对比与恢复' }).click();
    await page.getByRole('dialog', { name: '对比历史版本' }).locator('tr[data-field]').first().waitFor({ timeout: 60_000 });
    await shoot(page, '10-history-compare');
    await page.getByRole('button', { name: '关闭' }).click();

    // 定时发布: a publish set for the next whole hour (the panel's default), shot, then cancelled — nothing stays scheduled.
    const schedule = page.locator('[data-schedule-panel]');
    await schedule.scrollIntoViewIfNeeded();
    await schedule.getByRole('button', { name: '设置定时' }).click();
    const pending = schedule.locator('[data-schedule][data-state="pending"]').first();
    await pending.waitFor({ timeout: 60_000 });
    await shoot(page, '12-schedule-panel');
    await pending.getByRole('button', { name: '取消定时' }).click();
    await schedule.locator('[data-schedule][data-state="pending"]').waitFor({ state: 'detached', timeout: 60_000 });

    await page.goto(admin('/plugins/upload'));
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await shoot(page, '06-media');

    await page.goto(admin('/content-manager/collection-types/api::inheritor.inheritor/create'));
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await shoot(page, '07-inheritor-new');

    await page.goto(admin('/content-manager/collection-types/api::product.product/create'));
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await shoot(page, '08-product-new');

    // 运营工作台: the operator's home, in a session of its own.
    const operator = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
    await operator.goto(admin('/auth/login'));
    await operator.locator('input[name="email"]').fill(operatorAccount().email);
    await operator.locator('input[name="password"]').fill(operatorAccount().password);
    await operator.locator('button[type="submit"]').click();
    await operator.waitForURL(/\/admin(?!\/auth)/, { timeout: 120_000 });
    await operator.locator('[data-desk]').waitFor({ timeout: 60_000 });
    await operator.locator('[data-desk]').scrollIntoViewIfNeeded();
    await shoot(operator, '11-desk');
  } finally {
    await browser.close();
  }
}

await main();

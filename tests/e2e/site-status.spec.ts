import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SiteBuilder } from '../../scripts/src/site.ts';
import { testEnv } from '../support/env.ts';
import { signInToAdmin } from './support/admin.ts';

// A site update that fails keeps the previous site up, and the admin home's 网站发布状态 tells the editor so, with the
// reason in Chinese. The failure is a real one of the site builder ./portal runs: its check of the published content
// is refused (a token the CMS does not know), and it reports that to the adapter as it reports every update.
const webhook = () => ({ 'x-webhook-secret': testEnv.webhookSecret });

test('a failed site update shows on the admin home as 更新失败, with its reason in Chinese', async ({ page, request }) => {
  // Not a timed test: the admin's first load takes minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const before = ((await (await request.get('/api/internal/site-build', { headers: webhook() })).json()) as { data: unknown }).data;
  const workDir = mkdtempSync(path.join(tmpdir(), 'feiyi-failed-build-'));
  const builder = new SiteBuilder({
    apiUrl: testEnv.webUrl,
    cmsUrl: testEnv.cmsUrl,
    cmsToken: 'a-token-the-cms-does-not-know',
    outDir: path.join(workDir, 'site'),
    log: () => undefined,
    webhookSecret: testEnv.webhookSecret,
  });
  const failure = await builder.update().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  expect(failure).toBe('内容版本检查失败：内容管理服务答复 HTTP 401');

  try {
    // The site the visitors see is still there.
    expect((await request.get('/')).status()).toBe(200);

    await signInToAdmin(page, 'editor');

    const siteStatus = page.locator('[data-site-status]');
    await expect(page.getByText('网站发布状态')).toBeVisible({ timeout: 90_000 });
    await expect(siteStatus).toHaveAttribute('data-site-status', 'failed', { timeout: 30_000 });
    await expect(siteStatus.getByText('更新失败')).toBeVisible();
    await expect(siteStatus.getByText('网站继续显示上一版')).toBeVisible();
    await expect(siteStatus.getByRole('alert')).toHaveText(`失败原因：${failure}`);

    // The widget links the editor guide, a page of the site with the guide's screenshots.
    const guide = await siteStatus.getByRole('link', { name: '编辑指南' }).getAttribute('href');
    expect(guide).toBe(`${testEnv.webUrl}/editor-guide/`);
    await page.goto(guide!);
    await expect(page.getByRole('heading', { level: 1, name: '编辑指南' })).toBeVisible();
    const screenshot = page.getByRole('img', { name: '后台首页与网站发布状态' });
    await screenshot.scrollIntoViewIfNeeded();
    await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1440);
  } finally {
    // The suite's own site builder reported the site it serves: that is what the widget shows again.
    await request.put('/api/internal/site-build', { headers: webhook(), data: before });
    rmSync(workDir, { recursive: true, force: true });
  }
});

import { expect, test } from '@playwright/test';

// The content manager's 预览 button (issue 23): an editor opens a culture item in the admin and its preview shows the
// site's own page in the admin's frame, under the ribbon; the admin's 已发布 tab shows the published version.
const cmsUrl = () => process.env.TEST_CMS_URL!;

async function firstCulture() {
  const response = await fetch(`${cmsUrl()}/api/cultures?sort=pid:asc&pagination[pageSize]=1`, {
    headers: { authorization: `Bearer ${process.env.TEST_CMS_TOKEN}` },
  });
  const body = (await response.json()) as { data: Array<{ documentId: string; title: string }> };
  return body.data[0]!;
}

test('the preview button shows a culture item in the site’s own page, under the ribbon', async ({ page }, testInfo) => {
  // Not a timed test: the admin's first load takes minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const culture = await firstCulture();

  await page.goto(`${cmsUrl()}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(process.env.TEST_EDITOR_EMAIL!);
  await page.locator('input[name="password"]').fill(process.env.TEST_EDITOR_PASSWORD!);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 90_000 });

  await page.goto(`${cmsUrl()}/admin/content-manager/collection-types/api::culture.culture/${culture.documentId}`);
  const open = page.getByRole('link', { name: '打开预览' });
  await expect(open).toBeVisible({ timeout: 90_000 });
  await open.click();

  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('预览 · 草稿')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('heading', { level: 1, name: culture.title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('preview-draft.png') });

  await page.getByRole('tab', { name: '已发布' }).click();
  await expect(frame.getByText('预览 · 已发布版本')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('heading', { level: 1, name: culture.title })).toBeVisible();
});

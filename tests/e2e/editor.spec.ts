import { expect, test } from '@playwright/test';
import { signInToAdmin } from './support/admin.ts';

// An editor logs in to the CMS admin, edits a culture item on the home page's curated list and
// publishes it. Visitors see the change within seconds: the API at once (the CMS notifies the
// adapter), the static home page after its rebuild on publish.
const cmsUrl = () => process.env.TEST_CMS_URL!;

async function cultureBySlug(slug: string) {
  const response = await fetch(`${cmsUrl()}/api/cultures?filters[slug][$eq]=${slug}`, {
    headers: { authorization: `Bearer ${process.env.TEST_CMS_TOKEN}` },
  });
  const body = (await response.json()) as { data: Array<{ documentId: string; pid: number; title: string; description: string }> };
  return body.data[0]!;
}

test('an editor edits and publishes a culture item in the admin; the API and the home page follow', async ({ page, request }, testInfo) => {
  // Not a timed test: the admin's first load and the site rebuild take minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const culture = await cultureBySlug('kunqu');
  const edited = `昆曲简介已由编辑更新 ${Date.now().toString(36)}`;

  await signInToAdmin(page, 'admin');

  await page.goto(`${cmsUrl()}/admin/content-manager/collection-types/api::culture.culture/${culture.documentId}`);
  const description = page.locator('textarea[name="description"]');
  await expect(description).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('简介', { exact: true }).first()).toBeVisible();
  await description.fill(edited);
  await page.getByRole('button', { name: /^(发布|Publish)$/ }).click();
  await expect(page.getByText(/已发布|Published/).first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('admin-culture-edit.png') });

  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/culture/${culture.pid}`)).json()) as { data: { culture: { description: string } } }).data.culture
          .description,
      { timeout: 30_000 },
    )
    .toBe(edited);

  await expect
    .poll(
      async () => {
        await page.goto('/');
        return page.getByText(edited).count();
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('home-after-publish.png') });
});

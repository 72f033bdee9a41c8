import { expect, test } from '@playwright/test';
import { collectProblems } from './support/axe.ts';

test(
  'the home page shows culture items that come from the CMS',
  { tag: ['@smoke', '@phone'] },
  async ({ page, request, viewport }, testInfo) => {
    const api = await request.get('/api/home');
    expect(api.ok()).toBe(true);
    const { data } = (await api.json()) as { data: { hotCultures: Array<{ title: string }>; inheritors: Array<{ name: string }> } };
    expect(data.hotCultures).toHaveLength(9);
    const first = data.hotCultures[0]!;
    expect(first.title).toMatch(/\p{Script=Han}/u);

    const problems = collectProblems(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/非遗中国/);
    // The session's first home visit opens with the loading animation (at most 5 s); the page is used after it.
    await expect(page.locator('html')).not.toHaveAttribute('data-home-loader', /show|leaving/, { timeout: 15_000 });
    // Narrow screens keep the nav behind the menu button.
    if ((viewport?.width ?? 1440) < 1024) await page.getByRole('button', { name: '菜单' }).click();
    await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '传承人' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: first.title })).toBeVisible();
    const cover = page.getByRole('img', { name: `${first.title}封面` });
    await expect(cover).toBeVisible();
    // The hot items are the second module, below the first screen: their covers load lazily once scrolled to.
    await cover.scrollIntoViewIfNeeded();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(data.inheritors[0]!.name, { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
    // The page's content security policy (Astro's, with hashes) lets everything it needs through.
    expect(await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')).toContain("script-src 'self'");
    expect(problems).toEqual([]);
  },
);

test('an unknown page answers 404 with a Chinese page', { tag: '@smoke' }, async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '没有找到这个页面' })).toBeVisible();
});

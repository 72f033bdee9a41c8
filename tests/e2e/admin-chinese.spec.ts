import { expect, test, type Page } from '@playwright/test';
import { createOrderResponse, productPageResponse } from '@feiyi/contract';
import { DEMO } from '../support/api.ts';
import { newVisitor } from './support/visitor.ts';

// The admin as 内容编辑 and 运营 see it, in a zh-CN browser: every screen they use, from the sign-in
// page on, shows no English word but brand and format names. The text is what a reader meets: the
// page's visible text plus the labels, placeholders and titles of visible elements.
const cmsUrl = () => process.env.TEST_CMS_URL!;
const admin = (path: string) => `${cmsUrl()}/admin${path}`;

/**
 * Names that stay as they are: the product, file formats and sizes, keys on the keyboard; and the demo visitor's user
 * name, which is data (the suite's other visitors have digits in theirs and are left out below).
 */
const ALLOWED = new Set([
  'Strapi',
  'Markdown',
  'API',
  'URL',
  'JPG',
  'PNG',
  'WebP',
  'MP',
  'MB',
  'Ctrl',
  'Cmd',
  'Shift',
  'Enter',
  'Alt',
  DEMO.username,
]);

async function readerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]'))) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/**
 * English words in the text. E-mail addresses, file names and codes with digits (order numbers such as
 * FY2026…, visitors' user names) are data, not the admin's wording.
 */
function englishWords(text: string): string[] {
  const words = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/[\w-]+\.(svg|png|jpe?g|webp|gif|mp4)\b/gi, ' ')
    .replace(/[A-Za-z_]*[\d_][\w]*/g, ' ')
    .match(/[A-Za-z]{2,}/g);
  return [...new Set((words ?? []).filter((word) => !ALLOWED.has(word)))];
}

async function expectChinese(page: Page, screen: string) {
  // Strapi fills a screen in steps (menu, then counts, then rows): read it once nothing is loading.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  // A loader's word may show for a moment; English that stays fails.
  await expect.poll(async () => englishWords(await readerText(page)), { message: screen, timeout: 10_000 }).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(admin('/auth/login'));
  await expect(page.locator('input[name="email"]')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('非遗中国 · 内容后台')).toBeVisible();
  await expectChinese(page, 'sign-in page');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin(?!\/auth)/, { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: /你好/ })).toBeVisible({ timeout: 90_000 });
  await expectChinese(page, 'home');
}

/** A content list; with `rowText`, once a row showing it is there (a list may also be empty, which has its own wording). */
async function openList(page: Page, uid: string, rowText?: string | RegExp, search?: string) {
  // A search finds the row on a long list (the suite places many orders before this test).
  const query = search ? `?page=1&pageSize=10&_q=${encodeURIComponent(search)}` : '';
  await page.goto(admin(`/content-manager/collection-types/${uid}${query}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
  if (rowText) await expect(page.locator('tbody tr').filter({ hasText: rowText }).first()).toBeVisible({ timeout: 60_000 });
  await expectChinese(page, `list of ${uid}`);
}

async function openProfile(page: Page) {
  await page.goto(admin('/me'));
  await expect(page.locator('input[name="firstname"]')).toBeVisible({ timeout: 60_000 });
  await expectChinese(page, 'profile');
}

test.describe('the admin in Chinese', () => {
  // The admin's first load on a busy 2-core machine takes a while; nothing here is timed.
  test.setTimeout(300_000);

  test('内容编辑: sign-in, home, lists, an edit view, a new entry, the media library and the profile', async ({ page }, testInfo) => {
    await signIn(page, process.env.TEST_EDITOR_EMAIL!, process.env.TEST_EDITOR_PASSWORD!);
    // The home's 网站发布状态: the site shows what is published (a publish of another test may be on its way: then
    // it reads 正在更新 until it is live), with the last update's time.
    const siteStatus = page.locator('[data-site-status]');
    await expect(page.getByText('网站发布状态')).toBeVisible({ timeout: 60_000 });
    await expect(siteStatus).toHaveAttribute('data-site-status', 'live', { timeout: 90_000 });
    await expect(siteStatus).toContainText('已上线');
    await expect(siteStatus).toContainText(/最近一次：\d+月\d+日 \d{2}:\d{2}:\d{2}，(整站构建|更新 \d+ 个页面)/);
    await page.screenshot({ path: testInfo.outputPath('editor-home.png') });

    await openList(page, 'api::national-entry.national-entry', /\S/);
    await openList(page, 'api::culture.culture', /\S/);
    await page.screenshot({ path: testInfo.outputPath('editor-culture-list.png') });

    await page.locator('tbody tr').first().locator('td').nth(2).click();
    await expect(page.locator('input[name="title"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('条目页标题、卡片、轮播与搜索结果中的名称。')).toBeVisible();
    await expectChinese(page, 'culture edit view');

    await page.goto(admin('/content-manager/collection-types/api::culture.culture/create'));
    await expect(page.locator('input[name="title"]')).toBeVisible({ timeout: 60_000 });
    await expectChinese(page, 'new culture item');

    await page.goto(admin('/plugins/upload'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expectChinese(page, 'media library');

    await openProfile(page);
  });

  test('运营: sign-in, home, orders, an order, bookings, donations and the profile', async ({ page, request }) => {
    const visitor = await newVisitor(request, 'ops');
    const products = productPageResponse.parse(await (await request.get('/api/product/page?size=36')).json()).data.page.records;
    const product = [...products].sort((a, b) => b.stock - a.stock)[0]!;
    const placed = await request.post('/api/order', {
      headers: { authorization: `Bearer ${visitor.token}` },
      data: {
        orderItems: [{ productId: product.id, quantity: 1 }],
        shippingName: '周九',
        shippingPhone: '13312345678',
        shippingAddress: '浙江省杭州市西湖区龙井路 1 号',
      },
    });
    const { orderNo } = createOrderResponse.parse(await placed.json()).data;

    await signIn(page, process.env.TEST_OPERATOR_EMAIL!, process.env.TEST_OPERATOR_PASSWORD!);
    await openList(page, 'api::order.order', orderNo, orderNo);

    await page.locator('tbody tr').filter({ hasText: orderNo }).locator('td').nth(2).click();
    await expect(page.locator('input[name="shippingAddress"]')).toBeEditable({ timeout: 60_000 });
    await expect(page.locator('input[name="payAmount"]')).toBeDisabled();
    await expectChinese(page, 'order edit view');

    await openList(page, 'api::booking.booking');
    await openList(page, 'api::donation.donation');
    await openProfile(page);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { createOrderResponse, productPageResponse } from '@feiyi/contract';
import { DEMO } from '../support/api.ts';
import { expectChinese, englishWords } from './support/chinese.ts';
import { newVisitor } from './support/visitor.ts';

// The admin as 内容编辑 and 运营 see it, in a zh-CN browser: every screen they use, from the sign-in
// page on, shows no English word but brand and format names. The text is what a reader meets: the
// page's visible text plus the labels, placeholders and titles of visible elements.
const cmsUrl = () => process.env.TEST_CMS_URL!;
const admin = (path: string) => `${cmsUrl()}/admin${path}`;

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

/** The content manager's sidebar: every type the account may open, by its Chinese name. */
async function expectChineseSidebar(page: Page, names: string[]) {
  await page.goto(admin('/content-manager'));
  const sidebar = page.getByRole('navigation', { name: '内容管理', exact: true });
  for (const name of names) await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => englishWords(await sidebar.innerText()), { message: 'sidebar', timeout: 10_000 }).toEqual([]);
  await expectChinese(page, 'content manager');
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

    await expectChineseSidebar(page, ['文化条目', '首页编排']);
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

    // The media library lists the seed's artwork by Chinese file names, each with a Chinese alternative text.
    await page.goto(admin('/plugins/upload'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByText(/^(文化条目封面|传承人卡片|资讯封面|专题封面|商品封面|商品细节|公益项目封面|工坊图片) · .+\.svg$/).first(),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expectChinese(page, 'media library');
    const alts = await page.locator('main img[alt]').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    expect(alts.length).toBeGreaterThan(0);
    expect(englishWords(alts.join('\n'))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('editor-media-library.png') });

    await openProfile(page);
  });

  test('超级管理员: the sidebar and the visitor accounts (users-permissions) in Chinese', async ({ page }) => {
    await signIn(page, process.env.TEST_ADMIN_EMAIL!, process.env.TEST_ADMIN_PASSWORD!);
    await expectChineseSidebar(page, ['用户', '订单', '文化条目']);
    await openList(page, 'plugin::users-permissions.user', DEMO.username, DEMO.username);
    await page.locator('tbody tr').filter({ hasText: DEMO.username }).locator('td').nth(2).click();
    await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('textbox', { name: '用户名' })).toBeVisible();
    await expectChinese(page, 'a visitor account');
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

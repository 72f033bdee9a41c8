import { expect, type Page, test } from '@playwright/test';
import { createOrderResponse, productPageResponse } from '@feiyi/contract';
import { storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/**
 * No page is wider than the phone (issue 22): every route of the site at 375 px, its islands hydrated, compared
 * with the viewport. Runs in the phone project only (playwright.config.ts).
 */

/** The fixed public routes (site/src/pages), as a visitor opens them. */
const PUBLIC = [
  '/',
  '/404',
  '/area',
  '/area?province=浙江',
  '/charity',
  '/culture',
  '/culture/1',
  '/data',
  '/inheritors',
  '/login',
  '/register',
  '/map',
  '/minglu',
  '/offline',
  '/policy',
  '/public-welfare',
];

/** One page of each generated kind, found in the sitemap; a heritage page is any other one-segment page there. */
const GENERATED: Record<string, RegExp> = {
  'culture category': /^\/culture\/\d+\/?$/,
  'culture item': /^\/culture\/item\/\d+\/?$/,
  area: /^\/area\/\d+\/?$/,
  'inheritor profile': /^\/inheritors\/\d+\/?$/,
  'minglu item': /^\/minglu\/[a-z]+-\d+\/?$/,
  'heritage page': /^\/[a-z-]+\/?$/,
};

const PROFILE_SECTIONS = [
  'follow',
  'favorite',
  'appointment',
  'achievement',
  'history',
  'order',
  'address',
  'username',
  'upload-avatar',
  'upload-background',
];

async function generatedRoutes(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const fixed = new Set(PUBLIC.map((route) => route.split('?')[0]!.replace(/\/$/, '')));
  return Object.entries(GENERATED).map(([kind, pattern]) => {
    const found = paths.find((p) => pattern.test(p) && !fixed.has(p.replace(/\/$/, '')));
    if (!found) throw new Error(`the sitemap lists no ${kind}`);
    return found;
  });
}

/** Waits for the page and the API on a busy machine. */
const SLOW = { timeout: 20_000 };

/**
 * The page as a visitor ends up seeing it: loaded, every island hydrated (those waiting to be seen scrolled to; those
 * that wait for the visitor's first touch keep their server-rendered HTML, which is what is seen), nothing loading.
 */
async function settle(page: Page, route: string) {
  await page.waitForLoadState('load');
  const visible = page.locator('astro-island[client="visible"]');
  for (let i = 0; i < (await visible.count()); i += 1) {
    const island = visible.nth(i);
    await island.evaluate((element) => (element.firstElementChild ?? element.parentElement)?.scrollIntoView({ block: 'center' }));
    // Each one hydrates before the next is scrolled to: scrolled past within one frame, an island is never seen.
    await expect(island, `${route}: island ${i + 1} not hydrated when scrolled to`).not.toHaveAttribute('ssr', SLOW);
  }
  // A map fetched when it comes near (the home page's module) is brought near too.
  const maps = page.locator('[data-china-map][data-source]');
  for (let i = 0; i < (await maps.count()); i += 1) await maps.nth(i).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])'), `${route}: islands not hydrated`).toHaveCount(0, SLOW);
  await expect(page.locator('[aria-busy="true"], .skeleton').filter({ visible: true }), `${route}: still loading`).toHaveCount(0, SLOW);
}

/** The page's width beyond the viewport, with the elements that reach past its right edge. */
async function overflow(page: Page, route: string): Promise<string | undefined> {
  const width = page.viewportSize()!.width;
  const found = await page.evaluate((viewport) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= viewport) return undefined;
    const culprits = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5 && el.getBoundingClientRect().width > 0)
      .slice(-3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`,
      );
    return { scrollWidth, culprits };
  }, width);
  return found && `${route}: ${found.scrollWidth} px wide (${found.culprits.join(', ')})`;
}

test(
  'no page is wider than the phone (375 px): the fixed routes and one page of each generated kind',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(240_000);
    const routes = [...PUBLIC, ...(await generatedRoutes(page))];
    const wide: string[] = [];
    for (const route of routes) {
      const response = await page.goto(route);
      expect(response?.status(), route).toBe(route === '/404' ? 404 : 200);
      await settle(page, route);
      const problem = await overflow(page, route);
      if (problem) wide.push(problem);
    }
    expect(wide).toEqual([]);
  },
);

test(
  'no page is wider than the phone (375 px): the personal centre, its sections and the payment pages, logged in',
  { tag: '@phone' },
  async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const visitor = await newVisitor(request, 'narrow');
    const products = productPageResponse.parse(await (await request.get('/api/product/page?size=9')).json()).data.page.records;
    const product = [...products].sort((a, b) => b.stock - a.stock)[0]!;
    const placed = await request.post('/api/order', {
      headers: { authorization: `Bearer ${visitor.token}` },
      data: {
        orderItems: [{ productId: product.id, quantity: 1 }],
        shippingName: '王芳',
        shippingPhone: '13912345678',
        shippingAddress: '江苏省苏州市姑苏区平江路 8 号',
      },
    });
    const order = createOrderResponse.parse(await placed.json()).data;
    const amount = order.totalAmount.toFixed(2);
    await storeLogin(context, visitor);

    const routes = [
      '/profile',
      ...PROFILE_SECTIONS.map((section) => `/profile?section=${section}`),
      '/user',
      '/order',
      '/order/list',
      `/payment?orderId=${order.orderId}&amount=${amount}`,
      `/mobile/payment?orderId=${order.orderId}&orderNo=${order.orderNo}&amount=${amount}&paymentMethod=alipay&timestamp=${Date.now()}`,
      `/pay-success?orderNo=${order.orderNo}&orderId=${order.orderId}&amount=${amount}`,
    ];
    const wide: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      // Still logged in: no guarded page sent the visitor to /login.
      expect(new URL(page.url()).pathname, route).not.toMatch(/^\/login/);
      await settle(page, route);
      const problem = await overflow(page, route);
      if (problem) wide.push(problem);
    }
    expect(wide).toEqual([]);
  },
);

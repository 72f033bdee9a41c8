import { expect, test } from '@playwright/test';
import { collectProblems } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

const NAV = [
  ['首页', '/'],
  ['文化', '/culture/1'],
  ['传承人', '/inheritors'],
  ['区域', '/area/1'],
  ['公益', '/public-welfare'],
  ['政策', '/policy'],
  ['周边', '/charity'],
] as const;

const isMobile = (width: number | undefined) => (width ?? 1440) < 1024;

test(
  'the nav has the 7 items, the 34 provinces, a ticking clock and the 农历 date',
  { tag: '@phone' },
  async ({ page, request, viewport }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    if (isMobile(viewport?.width)) await page.getByRole('button', { name: '菜单' }).click();
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const [label, href] of NAV) await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');

    const { data } = (await (await request.get('/api/province/list')).json()) as {
      data: { provinces: Array<{ id: number; name: string }> };
    };
    expect(data.provinces).toHaveLength(34);
    await page.getByText('全国各省').click();
    const provinces = page.getByRole('navigation', { name: '省份' }).getByRole('link');
    await expect(provinces).toHaveCount(34);
    // Each opens its static page (/area/{id}), whose content is there before any script runs.
    for (const { id, name } of data.provinces) await expect(provinces.filter({ hasText: name })).toHaveAttribute('href', `/area/${id}`);

    const time = page.getByLabel('当前时间');
    const first = await time.textContent();
    await expect(time).not.toHaveText(first!, { timeout: 2500 });
    const now = new Date();
    await expect(page.getByText(`${now.getFullYear()}年${now.getMonth() + 1}月`)).toBeVisible();
    await expect(page.getByText(/^农历.+月.+$/)).toBeVisible();
    expect(problems).toEqual([]);
  },
);

test(
  'the avatar leads to /login when logged out and to /profile when logged in; logout asks first',
  { tag: '@smoke' },
  async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: '退出登录' })).toHaveCount(0);

    await storeLogin(context, { token: 'not-a-real-token', user: { id: 7, username: '测试用户' } });
    await page.reload();
    const avatar = page.getByRole('link', { name: '测试用户 的个人中心' });
    await expect(avatar).toHaveAttribute('href', '/profile');
    await expect(avatar.locator('img')).toHaveAttribute('src', '/images/avatar-default.svg');

    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '退出登录' });
    await expect(dialog).toContainText('确定要退出登录吗？');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(avatar).toBeVisible();

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已退出登录')).toBeVisible();
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  },
);

test('the nav follows a login or logout in another tab (storage event)', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('#site-header[data-ready]')).toBeAttached();
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await other.evaluate(() => {
    localStorage.setItem('token', 'another-tab');
    localStorage.setItem('user', JSON.stringify({ id: 9, username: '另一页', avatar: '', backgroundImage: '' }));
  });
  await expect(page.getByRole('link', { name: '另一页 的个人中心' })).toBeVisible();
  await other.evaluate(() => localStorage.removeItem('token'));
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
});

test('a static page runs no framework until the visitor opens the search, which then works at once', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.goto('/policy');
  await expect(page.locator('#site-header[data-ready]')).toBeAttached();
  await expect(page.getByLabel('当前时间')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await page.waitForLoadState('networkidle');
  // Every island's renderer and component module is named on its astro-island; none was fetched.
  const islandModules = await page
    .locator('astro-island')
    .evaluateAll((islands) => islands.flatMap((island) => [island.getAttribute('renderer-url'), island.getAttribute('component-url')]));
  expect(islandModules.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => islandModules.includes(script))).toEqual([]);

  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('searchbox', { name: '搜索文化内容' })).toBeFocused();
});

test('the bar hides after scrolling down past 100 px and comes back on scrolling up', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('#site-header');
  await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'));
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute('data-hidden', 'true');
  await page.evaluate(() => window.scrollTo(0, 390));
  await expect(header).toHaveAttribute('data-hidden', 'false');
});

test('the heading font is fetched after the page has loaded, only the slices of its headings, and then applied at once', async ({
  page,
}) => {
  await page.goto('/culture/1');
  await expect(page.locator('html')).toHaveAttribute('data-serif', '');
  expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)).toContain('Feiyi Serif');
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fonts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2'));
    const faces: Array<{ status: string }> = [];
    document.fonts.forEach((face) => {
      if (face.family.includes('Feiyi Serif')) faces.push({ status: face.status });
    });
    return { loadStart: navigation.loadEventStart, fontStarts: fonts.map((entry) => entry.startTime), faces };
  });
  // Every slice was requested once the load event had started: none competed with the first screen.
  expect(timing.fontStarts.length).toBeGreaterThan(0);
  expect(timing.fontStarts.filter((start) => start < timing.loadStart)).toEqual([]);
  // Only this page's slices: the site's others stay unloaded.
  expect(timing.faces.filter((face) => face.status === 'loaded')).toHaveLength(timing.fontStarts.length);
  expect(timing.faces.some((face) => face.status === 'unloaded')).toBe(true);
});

test('长辈模式 enlarges the text and is remembered', { tag: '@phone' }, async ({ page, viewport }) => {
  await page.goto('/');
  const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  const before = await size();
  if (isMobile(viewport?.width)) await page.getByRole('button', { name: '菜单' }).click();
  const toggle = page.getByRole('button', { name: '长辈模式' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await size()).toBeGreaterThan(before);
  await page.reload();
  expect(await size()).toBeGreaterThan(before);
  await expect(page.locator('html')).toHaveAttribute('data-elder', '');
});

test('a skip link moves the keyboard to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: '跳到正文' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('narrow screens get the nav behind a menu button; wide screens show it at once', { tag: '@phone' }, async ({ page, viewport }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: '菜单' });
  const policy = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '政策' });
  if (!isMobile(viewport?.width)) {
    await expect(button).toBeHidden();
    await expect(policy).toBeVisible();
    return;
  }
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(policy).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(policy).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(policy).toBeHidden();
  await expect(button).toBeFocused();
});

test('guarded pages send a visitor without login to /login with the full target', async ({ page }) => {
  await page.goto('/order/list?page=2');
  // The static site may answer /order/list with /order/list/: the target keeps whichever the browser asked for.
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Forder%2Flist(%2F)?%3Fpage%3D2$/);
  await page.goto('/user');
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fuser(%2F)?$/);
});

test('/order and /order/list take a logged-in visitor to the orders, /user to the personal centre', async ({ page, context, request }) => {
  const problems = collectProblems(page);
  await storeLogin(context, await newVisitor(request, 'alias'));
  for (const [path, target] of [
    ['/order', /\/profile\/?\?section=order$/],
    ['/order/list?page=2', /\/profile\/?\?section=order$/],
    ['/user', /\/profile\/?$/],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(target);
    await hydrated(page, 'ProfilePage');
    await expect(page.locator('#profile-section-title'), path).toHaveText(path === '/user' ? '我的收藏' : '我的订单');
  }
  expect(problems).toEqual([]);
});

test('a shared page shows a raster picture: the site picture (1200 × 630 PNG) where the page has none or only an SVG cover', async ({
  request,
}) => {
  const shared = async (path: string) => {
    const html = await (await request.get(path)).text();
    return {
      image: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1],
      width: /<meta property="og:image:width" content="(\d+)"/.exec(html)?.[1],
      card: /<meta name="twitter:card" content="([^"]+)"/.exec(html)?.[1],
    };
  };
  // The home page, a heritage page and a culture item whose cover is a generated SVG.
  for (const path of ['/', '/textile', '/culture/item/1']) {
    const page = await shared(path);
    expect(page.image, path).toMatch(/^https?:\/\/[^/]+\/og\/site\.png$/);
    expect(page.width, path).toBe('1200');
    expect(page.card, path).toBe('summary_large_image');
  }
  const png = await request.get('/og/site.png');
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  // The PNG signature, then the IHDR chunk's width and height.
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
});

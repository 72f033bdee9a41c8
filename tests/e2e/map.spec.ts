import { expect, type Locator, type Page, test } from '@playwright/test';
import { nationalFiguresResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';

/** The map's drawing as a file (the home page fetches it when its module comes near), and any chart library. */
const MAP_FILE = /\/map\/china\.svg$/;
const CHART_LIBRARY = /\/_astro\/.*(echarts|install|china|chart)[^/]*\.js$/;

async function mapReady(page: Page): Promise<Locator> {
  const map = page.locator('.china-map[data-state="ready"]');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(map.locator('svg path').first()).toBeVisible();
  return map;
}

/** The provinces named on the map: the 10 highlighted ones carry their name as an SVG text. */
const mapNames = (map: Locator) => map.locator('svg text');

test(
  '/map: the whole map, the 34 provinces as links, the statistics with their dates',
  { tag: '@smoke' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const figures = nationalFiguresResponse.parse(await (await request.get('/api/national/figures')).json()).data;
    const response = await page.goto('/map');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: '非遗地图' })).toBeVisible();

    const map = await mapReady(page);
    await expect(map.getByRole('img', { name: /34 个省级行政区（含台湾、香港、澳门）与南海诸岛/ })).toBeVisible();
    await expect(mapNames(map)).toHaveCount(10);

    // The text alternative: all 34, each linked where the map leads, with the national items counted by the API.
    const list = page.getByRole('list', { name: /34 个省级行政区的国家级代表性项目数/ });
    const links = list.locator('a.province-link');
    await expect(links).toHaveCount(34);
    for (const name of ['台湾', '香港', '澳门', '广西', '内蒙古']) {
      await expect(links.filter({ hasText: name })).toHaveAttribute('href', `/area?province=${encodeURIComponent(name)}`);
    }
    const zhejiang = figures.provinces.find((p) => p.provinceName === '浙江')!;
    await expect(links.filter({ hasText: '浙江' })).toContainText(`${zhejiang.items} 项`);

    // The published figure, with its date, and today's figure beside it.
    const unesco = page.locator('.map-statistic').filter({ hasText: '联合国教科文组织非遗名录（册）' });
    await expect(unesco).toContainText('43');
    await expect(unesco).toContainText('截至 2023 年');
    await expect(unesco).toContainText('现为 45 项');
    await expect(page.locator('.map-statistic').filter({ hasText: '国家级非遗代表性项目' })).toContainText('1,557');

    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('map.png'), fullPage: true });
    expect(problems).toEqual([]);
  },
);

test('the map keeps its drawing while its box has no size and fills the box again after', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/map');
  const map = await mapReady(page);
  const stage = page.locator('.map-page-stage');
  // Two frames: whatever a resize would do has been done.
  const twoFrames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // For a frame the stage has no height, as when a full-page screenshot changes the viewport under its 80svh cap.
  await stage.evaluate((element) => (element.style.maxHeight = '0px'));
  await twoFrames();
  await stage.evaluate((element) => (element.style.maxHeight = ''));
  await twoFrames();
  const { height } = (await map.locator('.china-map-canvas').boundingBox())!;
  await expect.poll(async () => Math.abs((await map.locator('svg').first().boundingBox())!.height - height)).toBeLessThanOrEqual(1);
  await expect(mapNames(map)).toHaveCount(10);
  expect(problems).toEqual([]);
});

test('a click on a province opens its /area page (3 provinces)', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  const touch = testInfo.project.name === 'mobile';
  await page.goto('/map');
  const names = await mapNames(await mapReady(page)).allTextContents();
  expect(names).toHaveLength(10);

  for (const name of names.slice(0, 3)) {
    if (page.url().includes('/area')) {
      await page.goto('/map');
      await mapReady(page);
    }
    const label = page.locator('.china-map svg text').filter({ hasText: new RegExp(`^${name}$`) });
    // The chart may still be drawing its labels in: measure the label once it is there.
    await expect(label).toBeVisible();
    const box = await label.boundingBox();
    if (!box) throw new Error(`no box for the label ${name}`);
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const tooltip = page.locator('.china-map-tooltip');
    if (touch) {
      // A tap shows the province's figures; a second tap on it opens the page.
      await page.touchscreen.tap(x, y);
      await expect(tooltip).toContainText(name);
      await expect(tooltip).toContainText('再次轻点进入省份页面');
      await page.touchscreen.tap(x, y);
    } else {
      await page.mouse.move(x, y);
      await expect(tooltip).toContainText('国家级代表性项目');
      await expect(tooltip).toContainText(name);
      await page.mouse.click(x, y);
    }
    await expect(page).toHaveURL((url) => /^\/area\/?$/.test(url.pathname) && url.searchParams.get('province') === name);
    await expect(page.getByRole('heading', { level: 2, name: `${name}的非遗项目` })).toBeVisible();
  }
});

test('/map is drawn in the HTML: no script draws it, and it is there without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/map');
  const map = page.locator('.china-map[data-state="ready"]');
  await expect(map.getByRole('img', { name: /34 个省级行政区/ })).toBeVisible();
  await expect(map.locator('path[data-province]')).toHaveCount(34);
  await expect(mapNames(map)).toHaveCount(10);
  await context.close();
});

test('the home page loads the map only when its module comes near', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = collectProblems(page);
  // An ordinary scrolling page without the loading animation.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.locator('#home-hero')).toBeVisible();
  expect(fetched.filter((url) => MAP_FILE.test(url))).toEqual([]);
  await expect(page.locator('#home-map .china-map')).toHaveAttribute('data-state', 'loading');

  await page.locator('#home-map').scrollIntoViewIfNeeded();
  const map = page.locator('#home-map .china-map[data-state="ready"]');
  await expect(map).toBeVisible({ timeout: 30_000 });
  await expect(mapNames(map)).toHaveCount(10);
  expect(fetched.filter((url) => MAP_FILE.test(url))).toHaveLength(1);
  expect(fetched.filter((url) => CHART_LIBRARY.test(url))).toEqual([]);

  await page.locator('#home-map summary').click();
  await expect(page.locator('#home-map a.province-link')).toHaveCount(34);
  expect(problems).toEqual([]);
});

test("the home page's map says '加载地图数据失败' when its drawing cannot load, and 重试 loads it", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route(MAP_FILE, (route) => route.abort());
  await page.goto('/');
  await page.locator('#home-map').scrollIntoViewIfNeeded();
  const map = page.locator('#home-map .china-map');
  await expect(map.getByRole('alert')).toHaveText(/加载地图数据失败/);
  // The province list still leads everywhere the map would.
  await page.locator('#home-map summary').click();
  await expect(page.locator('#home-map a.province-link')).toHaveCount(34);

  await page.unroute(MAP_FILE);
  await map.getByRole('button', { name: '重试' }).click();
  await expect(map).toHaveAttribute('data-state', 'ready');
  await expect(mapNames(map)).toHaveCount(10);
  await expect(map.getByRole('alert')).toBeHidden();
});

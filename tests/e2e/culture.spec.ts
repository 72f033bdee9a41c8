import { expect, type Page, test } from '@playwright/test';
import { categoriesResponse, culturePageResponse, heritageListResponse } from '@feiyi/contract';
import { collectProblems } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

test('an item deep link has its content, fact card and JSON-LD in the static HTML', { tag: '@smoke' }, async ({ page, request }) => {
  const { data } = culturePageResponse.parse(await (await request.get('/api/culture/page?size=50')).json());
  const item = data.page.records.find((c) => c.facts?.serial && c.content.length > 200);
  expect(item, 'a seeded item from the national list').toBeDefined();

  // Without JavaScript: what a search engine reads.
  const html = await (await request.get(`/culture/item/${item!.id}`)).text();
  const firstParagraph = item!.content
    .split('\n')
    .find((p) => p.trim())!
    .trim();
  expect(html).toContain(firstParagraph);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
  expect(ld).toMatchObject({ '@type': 'Article', headline: item!.title, about: { identifier: item!.facts!.serial } });

  const problems = collectProblems(page);
  await page.goto(`/culture/item/${item!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: item!.title })).toBeVisible();
  const card = page.getByRole('complementary', { name: '项目档案' });
  await expect(card.getByText('类别', { exact: true })).toBeVisible();
  await expect(card.getByText('批次/年份')).toBeVisible();
  await expect(card.getByRole('link', { name: item!.facts!.serial! })).toHaveAttribute('href', /^\/minglu\/[ivx]+-\d+$/);
  await expect(card.getByText(/^来源：/)).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown category id shows all categories; a category id shows its own items', async ({ page, request }) => {
  const categories = categoriesResponse.parse(await (await request.get('/api/categories')).json()).data.categories;
  const all = culturePageResponse.parse(await (await request.get('/api/culture/page')).json()).data.page;
  const problems = collectProblems(page);

  await page.goto('/culture/1');
  await expect(page.getByRole('heading', { level: 1, name: '文化' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '类别' }).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`共 ${all.total} 条`)).toBeVisible();

  const opera = categories.find((c) => c.id === 67)!;
  const own = culturePageResponse.parse(await (await request.get('/api/culture/page?category=67')).json()).data.page;
  await page.goto('/culture/67');
  await expect(page.getByRole('heading', { level: 1, name: opera.officialName })).toBeVisible();
  await expect(page.getByText(`共 ${own.total} 条`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: own.records[0]!.title })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the 15 heritage pages come from the CMS and link to their culture items', async ({ page, request }) => {
  const pages = heritageListResponse.parse(await (await request.get('/api/heritage/list')).json()).data.pages;
  expect(pages.map((p) => p.slug).sort()).toEqual(
    [
      'textile',
      'papercut',
      'erhu',
      'drum',
      'newyear-painting',
      'suona',
      'embroidery',
      'pipa',
      'yingge-dance',
      'yue-opera',
      'kunqu-opera',
      'peking-opera',
      'cantonese-opera',
      'huangmei-opera',
      'sichuan-opera',
    ].sort(),
  );
  for (const theme of pages) {
    const response = await request.get(`/${theme.slug}`);
    expect(response.status(), theme.slug).toBe(200);
    const html = await response.text();
    expect(html).toContain(theme.summary);
    for (const related of theme.relatedCultures) expect(html).toContain(`href="/culture/item/${related.id}"`);
  }
  const withLinks = pages.find((p) => p.relatedCultures.length > 0)!;
  await page.goto(`/${withLinks.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: withLinks.title })).toBeVisible();
  await page.getByRole('complementary', { name: '相关项目' }).getByRole('link', { name: withLinks.relatedCultures[0]!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/culture/item/${withLinks.relatedCultures[0]!.id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: withLinks.relatedCultures[0]!.title })).toBeVisible();
});

test('the grid pages with first, previous, five numbers, next and last; a category goes to page 1', async ({ page, request }) => {
  const problems = collectProblems(page);
  const pageOf = async (n: number, category = '') =>
    culturePageResponse.parse(await (await request.get(`/api/culture/page?page=${n}&size=10&category=${category}`)).json()).data.page;
  const first = await pageOf(1);
  expect(first.pages).toBeGreaterThan(5);
  await page.goto('/culture/1');
  await hydrated(page, 'CultureBrowser');
  const grid = page.locator('#culture-grid');
  const pager = page.getByRole('navigation', { name: '分页' });
  await expect(grid.getByRole('heading', { level: 3 })).toHaveCount(10);
  await expect(pager.getByRole('link')).toHaveCount(4 + 2); // 2–5, next, last; page 1 is current
  await expect(pager.getByText('首页', { exact: true })).toHaveAttribute('aria-disabled', 'true');

  await pager.getByRole('link', { name: '第 2 页' }).click();
  // /culture/1 names no category: the address becomes the all-categories page's.
  await expect(page).toHaveURL(/\/culture\?page=2$/);
  const second = await pageOf(2);
  await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText(second.records[0]!.title);
  await expect(pager.getByRole('link', { name: '首页', exact: true })).toBeVisible();

  // Keyboard activation: in the phone profile a tap on 末页 is intercepted by another element (open bug,
  // see the stop-19 note); the pager's own behaviour is what this test holds.
  await pager.getByRole('link', { name: '末页', exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`page=${first.pages}$`));
  await expect(pager.locator('[aria-current="page"]')).toHaveText(String(first.pages));
  await expect(pager.getByRole('link', { name: /^第 \d+ 页$/ })).toHaveCount(4); // the 4 pages before the last
  await expect(pager.getByText('下一页', { exact: true })).toHaveAttribute('aria-disabled', 'true');

  // A category change goes back to page 1.
  await page.getByRole('navigation', { name: '类别' }).getByRole('link', { name: '戏剧', exact: true }).click();
  await expect(page).toHaveURL(/\/culture\/67$/);
  const opera = await pageOf(1, '67');
  await expect(grid.getByRole('heading', { level: 3 }).first()).toHaveText(opera.records[0]!.title);
  // history.back() from the page itself: Playwright's goBack() waits for a load that a same-document
  // (pushState) entry never fires in the phone profile; the island's popstate handling is what is tested.
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(new RegExp(`page=${first.pages}$`));
  expect(problems).toEqual([]);
});

test('the grid runs no script until it is touched; a page chosen before its script has loaded still turns in place', async ({
  page,
  request,
}) => {
  const problems = collectProblems(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/culture/1');
  await page.waitForLoadState('networkidle');
  const island = page.locator('astro-island[component-url*="CultureBrowser"]');
  const modules = [await island.getAttribute('component-url'), await island.getAttribute('renderer-url')];
  expect(scripts.filter((script) => modules.includes(script))).toEqual([]);
  await expect(island).toHaveAttribute('ssr', '');

  // The same document throughout: a full reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 7));
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
  await expect(page).toHaveURL(/\/culture\?page=2$/);
  const second = culturePageResponse.parse(await (await request.get('/api/culture/page?page=2&size=10')).json()).data.page;
  await expect(page.locator('#culture-grid').getByRole('heading', { level: 3 }).first()).toHaveText(second.records[0]!.title);
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(7);
  expect(problems).toEqual([]);
});

test('an address with a page number shows that page at once, without a touch', async ({ page, request }) => {
  const third = culturePageResponse.parse(await (await request.get('/api/culture/page?page=3&size=10')).json()).data.page;
  await page.goto('/culture?page=3');
  await expect(page.locator('#culture-grid').getByRole('heading', { level: 3 }).first()).toHaveText(third.records[0]!.title);
});

test('a card previews 50 characters; the detail dialog opens, records the visit and closes', async ({ page, request }) => {
  const problems = collectProblems(page);
  const item = culturePageResponse
    .parse(await (await request.get('/api/culture/page?page=2&size=10')).json())
    .data.page.records.find((c) => Array.from(c.description).length > 50)!;
  // The seeded descriptions are at most 100 characters, so no card needs 'show more' (the rule is unit-tested).
  await page.goto('/culture?page=2');
  await hydrated(page, 'CultureBrowser');
  const card = page.locator('li.card', { has: page.getByRole('heading', { name: item.title, exact: true }) });
  await expect(card.getByText(`${Array.from(item.description).slice(0, 50).join('')}…`)).toBeVisible();
  await expect(card.getByRole('button', { name: '显示更多' })).toHaveCount(Array.from(item.description).length > 100 ? 1 : 0);

  await card.getByRole('link', { name: item.title }).click();
  const dialog = page.getByRole('dialog', { name: item.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`item=${item.id}`));
  await expect(
    dialog.getByText(
      item.content
        .split('\n')
        .find((p) => p.trim())!
        .trim(),
    ),
  ).toBeVisible();
  // A guest's visit is kept in the local browse history.
  const local = await page.evaluate(() => Object.values(localStorage).join('\n'));
  expect(local).toContain(`"browseId":${item.id}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/item=/);

  // The deep link with ?item= opens the dialog at once.
  await page.goto(`/culture/1?item=${item.id}`);
  await expect(page.getByRole('dialog', { name: item.title })).toBeVisible();
  expect(problems).toEqual([]);
});

test(
  'collecting: a guest is asked to log in; a visitor collects and uncollects, and the server agrees',
  { tag: '@smoke' },
  async ({ page, context, request }) => {
    const item = culturePageResponse.parse(await (await request.get('/api/culture/page?size=1')).json()).data.page.records[0]!;
    await page.goto(`/culture/1?item=${item.id}`);
    const dialog = page.getByRole('dialog', { name: item.title });
    await dialog.getByRole('button', { name: `收藏${item.title}` }).click();
    await expect(page.getByText('请先登录后再收藏')).toBeVisible();

    const visitor = await newVisitor(request);
    await storeLogin(context, visitor);
    const collected = async () =>
      (
        (await (
          await request.get(`/api/collection/check?type=culture&targetId=${item.id}`, {
            headers: { authorization: `Bearer ${visitor.token}` },
          })
        ).json()) as { data: boolean }
      ).data;
    const problems = collectProblems(page);
    await page.goto(`/culture/1?item=${item.id}`);
    const button = page.getByRole('dialog', { name: item.title }).getByRole('button', { name: `收藏${item.title}` });
    await expect(button).toHaveAttribute('aria-busy', 'false');
    await button.click();
    await expect(page.getByText('收藏成功')).toBeVisible();
    const undo = page.getByRole('dialog', { name: item.title }).getByRole('button', { name: `取消收藏${item.title}` });
    await expect(undo).toHaveAttribute('aria-pressed', 'true');
    expect(await collected()).toBe(true);
    await undo.click();
    await expect(page.getByText('取消收藏成功')).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await collected()).toBe(false);

    // The logged-in visit went to the server's browse history.
    const history = await request.get('/api/profile/browse-history?type=culture', {
      headers: { authorization: `Bearer ${visitor.token}` },
    });
    expect(JSON.stringify(await history.json())).toContain(`"browseId":${item.id}`);
    expect(problems).toEqual([]);
  },
);

test('an item page offers the collect toggle', async ({ page, request }) => {
  const item = culturePageResponse.parse(await (await request.get('/api/culture/page?size=1')).json()).data.page.records[0]!;
  await page.goto(`/culture/item/${item.id}`);
  await hydrated(page, 'ItemActions');
  await page.getByRole('button', { name: `收藏${item.title}` }).click();
  await expect(page.getByText('请先登录后再收藏')).toBeVisible();
});

/** The interval between the banner's clips. */
const BANNER_INTERVAL_MS = 7_000;

/**
 * Opens /culture on Playwright's clock, then stops the page's time and starts the banner's 7 s over by choosing its
 * first slide: from here only runFor moves the banner, so its timing is exact whatever the machine's speed.
 */
async function openBannerStill(page: Page) {
  await page.clock.install();
  await page.goto('/culture');
  await expect(page.locator('[data-culture-banner][data-ready]')).toBeAttached();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  const banner = page.getByRole('region', { name: '文化专题视频' });
  await banner.getByRole('button', { name: /^第 1 段/ }).click();
  await expect(banner.getByRole('button', { name: /^第 1 段/ })).toHaveAttribute('aria-current', 'true');
  return banner;
}

test('the banner has 4 slides and stays still under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const banner = await openBannerStill(page);
  await expect(banner.getByRole('button', { name: /^第 \d 段/ })).toHaveCount(4);
  await expect(banner.locator('video')).toHaveCount(0);
  await expect(banner.getByRole('button', { name: '暂停' })).toBeHidden();
  await page.clock.runFor(3 * BANNER_INTERVAL_MS);
  await expect(banner.getByRole('button', { name: /^第 1 段/ })).toHaveAttribute('aria-current', 'true');
  await banner.getByRole('button', { name: /^第 3 段/ }).click();
  await expect(banner.getByText('丝竹之声')).toBeVisible();
  // The same wait moves it once motion is allowed again.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(banner.getByRole('button', { name: '暂停' })).toBeVisible();
  await page.clock.runFor(BANNER_INTERVAL_MS);
  await expect(banner.getByRole('button', { name: /^第 4 段/ })).toHaveAttribute('aria-current', 'true');
});

test('the banner advances every 7 s and can be paused', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const banner = await openBannerStill(page);
  await expect(banner.locator('video')).toHaveCount(1);
  await page.clock.runFor(BANNER_INTERVAL_MS - 1);
  await expect(banner.getByRole('button', { name: /^第 1 段/ })).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(1);
  await expect(banner.getByRole('button', { name: /^第 2 段/ })).toHaveAttribute('aria-current', 'true');
  await banner.getByRole('button', { name: '暂停' }).click();
  await page.clock.runFor(3 * BANNER_INTERVAL_MS);
  await expect(banner.getByRole('button', { name: /^第 2 段/ })).toHaveAttribute('aria-current', 'true');
  await banner.getByRole('button', { name: '播放' }).click();
  await page.clock.runFor(BANNER_INTERVAL_MS);
  await expect(banner.getByRole('button', { name: /^第 3 段/ })).toHaveAttribute('aria-current', 'true');
});

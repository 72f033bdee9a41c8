import { expect, test } from '@playwright/test';
import { collectProblems } from './support/axe.ts';
import { hydrated } from './support/session.ts';
import { provinceCulturesResponse, provinceListResponse, provinceTypesResponse } from '@feiyi/contract';

test('a province page has its blurb, tags for the types it has and a filter that clears', async ({ page, request }) => {
  const provinces = provinceListResponse.parse(await (await request.get('/api/province/list')).json()).data.provinces;
  const beijing = provinces.find((p) => p.name === '北京')!;
  const types = provinceTypesResponse.parse(await (await request.get(`/api/province/${beijing.id}/types`)).json()).data.types;
  const { cultures } = provinceCulturesResponse.parse(await (await request.get(`/api/province/${beijing.id}/cultures`)).json()).data;
  expect(types).toContain('传统戏剧');
  expect(types).not.toContain('民间文学');

  await page.goto(`/area/${beijing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: beijing.fullName })).toBeVisible();
  await expect(page.getByText(beijing.culture)).toBeVisible();
  const tags = page.getByRole('group', { name: '按类别筛选' });
  await expect(tags.getByRole('button', { name: '民间文学', exact: true })).toBeDisabled();
  // 杂技 is named 杂技体育 in the province view.
  await expect(tags.getByRole('button', { name: '杂技体育' })).toBeVisible();

  const opera = cultures.filter((c) => c.type === '传统戏剧');
  const cards = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cards).toHaveCount(cultures.length);
  // The cards are in the static HTML; the tags answer once the island has hydrated.
  await hydrated(page, 'ProvinceCultures');
  await tags.getByRole('button', { name: '戏剧', exact: true }).click();
  await expect(tags.getByRole('button', { name: '戏剧', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(opera.length);
  await expect(page).toHaveURL(/categoryId=67/);
  // Clicking the active tag clears it.
  await tags.getByRole('button', { name: '戏剧', exact: true }).click();
  await expect(tags.getByRole('button', { name: '戏剧', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(cards).toHaveCount(cultures.length);

  // The categoryId query is honoured on arrival.
  await page.goto(`/area/${beijing.id}?categoryId=67`);
  await expect(tags.getByRole('button', { name: '戏剧', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(opera.length);
});

test('a tag chosen before the page has its JavaScript still filters: it opens ?categoryId= and the page applies it', async ({
  browser,
  page,
  request,
}) => {
  const provinces = provinceListResponse.parse(await (await request.get('/api/province/list')).json()).data.provinces;
  const beijing = provinces.find((p) => p.name === '北京')!;
  const { cultures } = provinceCulturesResponse.parse(await (await request.get(`/api/province/${beijing.id}/cultures`)).json()).data;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const withoutScript = await context.newPage();
  await withoutScript.goto(`/area/${beijing.id}`);
  await withoutScript.getByRole('group', { name: '按类别筛选' }).getByRole('button', { name: '戏剧', exact: true }).click();
  await expect(withoutScript).toHaveURL(new RegExp(`/area/${beijing.id}/?\\?categoryId=67$`));
  const address = withoutScript.url();
  await context.close();

  // The address it opened shows the chosen type once the JavaScript runs.
  await page.goto(address);
  const tags = page.getByRole('group', { name: '按类别筛选' });
  await expect(tags.getByRole('button', { name: '戏剧', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(cultures.filter((c) => c.type === '传统戏剧').length);
});

test('/area?province={name} finds the province by name; an unknown one gets a message', async ({ page, request }) => {
  const problems = collectProblems(page);
  const guangxi = provinceListResponse
    .parse(await (await request.get('/api/province/list')).json())
    .data.provinces.find((p) => p.name === '广西')!;
  const { cultures } = provinceCulturesResponse.parse(await (await request.get(`/api/province/${guangxi.id}/cultures`)).json()).data;
  const present = cultures[0]!;
  await page.goto(`/area?province=广西&categoryId=${present.categoryId}`);
  await expect(page.getByRole('heading', { level: 1, name: guangxi.fullName })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(guangxi.culture)).toBeVisible();
  const tags = page.getByRole('group', { name: '按类别筛选' });
  await expect(tags.getByRole('button', { pressed: true })).toHaveCount(1);
  await expect(page.locator('main li.card')).toHaveCount(cultures.filter((c) => c.categoryId === present.categoryId).length);

  await page.goto('/area?province=火星');
  await expect(page.getByRole('alert')).toHaveText(/未找到该省份（火星）/, { timeout: 15_000 });
  await expect(page.getByRole('list', { name: '省级行政区' }).getByRole('link')).toHaveCount(34);

  const unknown = await page.goto('/area/99');
  expect(unknown?.status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText(/未找到该省份（编号 99）/, { timeout: 15_000 });
  // The API's 404 for the unknown names is the browser's only complaint.
  expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
});

test('an item is on the page of every province its entries name: the header’s 江苏 link opens 江苏’s page with 昆曲, without JavaScript', async ({
  browser,
  request,
}) => {
  const provinces = provinceListResponse.parse(await (await request.get('/api/province/list')).json()).data.provinces;
  const jiangsu = provinces.find((p) => p.name === '江苏')!;
  const beijing = provinces.find((p) => p.name === '北京')!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  // The list sits in the closed 全国各省 disclosure (behind the menu on a phone): its link is read, then followed.
  const link = page.locator('[data-provinces] a', { hasText: /^江苏$/ });
  await expect(link).toHaveAttribute('href', `/area/${jiangsu.id}`);
  await page.goto((await link.getAttribute('href'))!);
  await expect(page.getByRole('heading', { level: 1, name: jiangsu.fullName })).toBeVisible();
  const cards = page.getByRole('main').getByRole('heading', { level: 3 });
  await expect(cards).toHaveCount(jiangsu.cultureCount);
  await expect(cards.filter({ hasText: /^昆曲$/ })).toHaveCount(1);

  // 昆曲's page names 江苏 as its primary province and links every province its entries name.
  await cards.filter({ hasText: /^昆曲$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '昆曲' })).toBeVisible();
  await expect(page.getByText('传统戏剧 · 江苏')).toBeVisible();
  const card = page.getByRole('complementary', { name: '项目档案' });
  await expect(card.getByText('主要省份')).toBeVisible();
  await expect(card.getByText('涉及省份')).toBeVisible();
  await expect(card.getByRole('link', { name: '江苏', exact: true }).first()).toHaveAttribute('href', `/area/${jiangsu.id}`);
  await expect(card.getByRole('link', { name: '北京', exact: true })).toHaveAttribute('href', `/area/${beijing.id}`);
  await card.getByRole('link', { name: '北京', exact: true }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 3, name: '昆曲', exact: true })).toBeVisible();
  await context.close();
});

test('a card whose picture fails shows the default picture', async ({ page }) => {
  await page.route('**/uploads/**', (route) => route.abort());
  await page.goto('/area/1');
  await hydrated(page, 'ProvinceCultures');
  const cover = page.locator('main li.card img').first();
  await cover.scrollIntoViewIfNeeded();
  await expect(cover).toHaveAttribute('src', '/images/culture-default.svg');
});

test('an unknown culture category id shows all categories', async ({ page }) => {
  const response = await page.goto('/culture/999');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: '类别' }).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'page');
});

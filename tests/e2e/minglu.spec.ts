import { expect, test, type APIRequestContext } from '@playwright/test';
import { cultureItem, nationalEntriesResponse, nationalFiguresResponse, nationalItemResponse, provinceListResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';

/** How many items have an entry matching the API's filters (the browser keeps an item when one entry matches them all). */
async function itemsMatching(request: APIRequestContext, query: Record<string, string>): Promise<number> {
  const serials = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = nationalEntriesResponse.parse(
      await (await request.get('/api/national/entries', { params: { ...query, size: 100, page } })).json(),
    ).data.page;
    for (const entry of answer.records) serials.add(entry.serial);
    if (page >= answer.pages) return serials.size;
  }
}

const count = (n: number) => `共 ${n.toLocaleString('zh-CN')} 个项目`;

test('@smoke the national-list browser filters by category, province, batch and kind without a reload, in a sharable address', async ({
  page,
  request,
}) => {
  const problems = collectProblems(page);
  const figures = nationalFiguresResponse.parse(await (await request.get('/api/national/figures')).json()).data;
  const operaInBeijing = await itemsMatching(request, { categoryId: '67', province: '北京' });
  const newIn2011 = await itemsMatching(request, { batchYear: '2011', kind: 'new' });

  await page.goto('/minglu');
  await expect(page.getByRole('heading', { level: 1, name: '国家级非物质文化遗产代表性项目名录' })).toBeVisible();
  const filters = page.getByRole('search', { name: '筛选名录项目' });
  const status = filters.getByRole('status');
  await expect(status).toHaveText(count(figures.totals.items));

  await filters.getByLabel('类别').selectOption('67');
  await filters.getByLabel('省份').selectOption('北京');
  await expect(status).toHaveText(count(operaInBeijing), { timeout: 15_000 });
  const results = page.locator('#minglu-results');
  await expect(results.getByRole('link', { name: /Ⅳ-28\s*京剧/ })).toBeVisible();
  await expect(results.getByRole('link', { name: /古琴艺术/ })).toBeHidden();
  await expect(page).toHaveURL(/\/minglu\/?\?category=67&province=%E5%8C%97%E4%BA%AC$/);

  await filters.getByRole('button', { name: '清除筛选' }).click();
  await expect(status).toHaveText(count(figures.totals.items));
  await filters.getByLabel('批次').selectOption('2011');
  await filters.getByLabel('新增/扩展').selectOption('new');
  await expect(status).toHaveText(count(newIn2011));
  await expect(filters.getByLabel('新增/扩展').locator('option:checked')).toHaveText(`新增项目（${newIn2011.toLocaleString('zh-CN')}）`);

  // A shared address opens with its choice; the keyword finds an item by name.
  await page.goto('/minglu?category=67&province=北京');
  await expect(filters.getByLabel('类别')).toHaveValue('67');
  await expect(status).toHaveText(count(operaInBeijing));
  await filters.getByLabel('类别').selectOption('');
  await filters.getByLabel('省份').selectOption('');
  await filters.getByLabel('名称或编号').fill('古琴');
  await expect(results.getByRole('link', { name: /Ⅱ-34\s*古琴艺术/ })).toBeVisible();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('unfiltered, each category shows its first six items and opens the rest on request; a filter shows every match', async ({ page }) => {
  await page.goto('/minglu');
  const results = page.locator('#minglu-results');
  const opera = results.locator('section[data-section="67"]');
  await expect(opera.locator('li[data-item]:visible')).toHaveCount(6);
  const jingju = results.getByRole('link', { name: /Ⅳ-28\s*京剧/ });
  await expect(jingju).toBeHidden();
  await opera.locator('summary').click();
  await expect(jingju).toBeVisible();
  await opera.locator('summary').click();
  await expect(jingju).toBeHidden();

  await page.getByRole('search', { name: '筛选名录项目' }).getByLabel('名称或编号').fill('京剧');
  await expect(jingju).toBeVisible();
  await expect(opera.locator('summary')).toBeHidden();
  await page.getByRole('search', { name: '筛选名录项目' }).getByRole('button', { name: '清除筛选' }).click();
  await expect(jingju).toBeHidden();
  await expect(opera.locator('li[data-item]:visible')).toHaveCount(6);
});

test('@smoke an item page is in the static HTML: 京剧 with its entries by batch, its inheritors and the fact card', async ({
  browser,
  request,
}) => {
  const { item, entries, inheritors } = nationalItemResponse.parse(await (await request.get('/api/national/items/iv-28')).json()).data;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/minglu/iv-28');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/京剧\s*Ⅳ-28/);
  const batches = [...new Set(entries.map((e) => e.batchYear))].sort();
  expect(batches[0]).toBe(2006);
  expect(batches.length).toBeGreaterThan(1);
  for (const year of batches) await expect(page.getByRole('heading', { level: 3, name: new RegExp(`${year}年`) })).toBeVisible();
  const first = page.getByRole('region', { name: /第一批 · 2006年/ });
  await expect(first.getByRole('cell', { name: '北京市' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(batches.length);
  await expect(page.locator('tbody tr')).toHaveCount(entries.length);
  await expect(page.locator('li[id^="inheritor-"]')).toHaveCount(inheritors.length);
  const person = inheritors[0]!;
  await expect(page.locator(`#inheritor-${person.id}`)).toContainText(person.name);
  await expect(page.getByRole('link', { name: `阅读《京剧》` })).toHaveAttribute('href', `/culture/item/${item.cultureId}`);
  const card = page.getByRole('complementary', { name: '项目档案' });
  for (const label of ['类别', '地区', '批次/年份', '编号']) await expect(card.getByText(label, { exact: true })).toBeVisible();
  await expect(card).toContainText('Ⅳ-28');
  await expect(card).toContainText('来源：');

  // Sharing and search engines: canonical, OpenGraph, schema.org.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/minglu\/iv-28\/$/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/minglu\/iv-28\/$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /京剧/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'zh_CN');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /2006 年列入第一批/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]') as Array<
    Record<string, unknown>
  >;
  expect(jsonLd[0]).toMatchObject({ '@type': 'WebPage', about: { name: '京剧', identifier: 'Ⅳ-28' } });

  for (const [slug, name] of [
    ['ii-34', '古琴艺术'],
    ['x-1', '春节'],
  ] as const) {
    await page.goto(`/minglu/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  }
  await context.close();
});

test('an item page and a province page are accessible; the province links into the browser with its true count', async ({
  page,
  request,
}) => {
  await page.goto('/minglu/iv-28');
  await expect(page.getByRole('heading', { level: 2, name: /国家级代表性传承人/ })).toBeVisible();
  await expectAccessible(page);

  const figures = nationalFiguresResponse.parse(await (await request.get('/api/national/figures')).json()).data;
  const provinces = provinceListResponse.parse(await (await request.get('/api/province/list')).json()).data.provinces;
  const beijing = provinces.find((p) => p.name === '北京')!;
  const row = figures.provinces.find((p) => p.provinceName === '北京')!;
  await page.goto(`/area/${beijing.id}`);
  const all = page.getByRole('link', { name: `在名录中查看北京的全部 ${row.items.toLocaleString('zh-CN')} 个项目` });
  await all.click();
  await expect(page).toHaveURL(/\/minglu\/?\?province=%E5%8C%97%E4%BA%AC$/);
  await expect(page.getByRole('search', { name: '筛选名录项目' }).getByRole('status')).toHaveText(count(row.items));
});

test('sitemap.xml lists every item page and culture item; robots.txt points at it', async ({ request, baseURL }) => {
  const figures = nationalFiguresResponse.parse(await (await request.get('/api/national/figures')).json()).data;
  const culture = cultureItem.parse((await (await request.get('/api/culture/page?size=1')).json()).data.page.records[0]);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/minglu/iv-28/</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/culture/item/${culture.id}/</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/minglu/</loc>`);
  expect(xml.match(/<loc>[^<]*\/minglu\/[ivx]+-\d+\/<\/loc>/g)).toHaveLength(figures.totals.items);
  expect(xml).not.toContain('/login/');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /profile');
});

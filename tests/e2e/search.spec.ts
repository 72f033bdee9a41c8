import { expect, test, type Page } from '@playwright/test';
import { collectProblems } from './support/axe.ts';

/** The pause after the last keystroke before a search. */
const SEARCH_DEBOUNCE_MS = 500;

interface Hit {
  id: number;
  title: string;
  viewCount: number;
  categoryName: string | null;
}

async function openSearch(page: Page) {
  await page.goto('/policy');
  // The panel's island hydrates on this first interaction; the click is held and given again once it has.
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  return page.getByRole('searchbox', { name: '搜索文化内容' });
}

test('typing Chinese searches after a pause and shows cover, title, category, views and text', async ({ page, request }) => {
  const problems = collectProblems(page);
  const api = (await (await request.get('/api/culture/search?keyword=京剧')).json()) as { data: { page: { records: Hit[] } } };
  const first = api.data.page.records[0]!;
  expect(first.title).toContain('京剧');

  const box = await openSearch(page);
  await expect(box).toBeFocused();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/culture/search') && calls.push(r.url()));
  await box.pressSequentially('京剧', { delay: 50 });
  const results = page.getByRole('list', { name: '“京剧”的搜索结果' });
  const hit = results.getByRole('link').filter({ hasText: first.title }).first();
  await expect(hit).toBeVisible();
  // One call for the finished word (500 ms debounce), with the cache-busting _t.
  expect(calls).toHaveLength(1);
  expect(new URL(calls[0]!).searchParams.get('_t')).toMatch(/^\d+$/);
  await expect(hit).toContainText(`浏览 ${first.viewCount}`);
  await expect(hit.locator('img')).toHaveAttribute('width', '64');
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/culture/item/${first.id}/?$`));
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
});

// The article 京剧 ranks first; the national list's 京剧 (Ⅳ-28) and other items follow it.
test('pinyin and initials find the same item; Enter searches at once', async ({ page }) => {
  const box = await openSearch(page);
  await box.fill('jingju');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: '“jingju”的搜索结果' }).getByRole('listitem').first()).toContainText('京剧');
  await box.fill('jj');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: '“jj”的搜索结果' }).getByRole('listitem').first()).toContainText('京剧');
});

test('blank input makes no call and clears the results', async ({ page }) => {
  await page.clock.install();
  const box = await openSearch(page);
  await box.fill('昆曲');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: '“昆曲”的搜索结果' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/culture/search') && calls.push(new URL(r.url()).searchParams.get('keyword')!));
  await box.fill('   ');
  await expect(page.getByRole('list', { name: /搜索结果/ })).toHaveCount(0);
  await box.press('Enter');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
  await expect(page.getByRole('list', { name: /搜索结果/ })).toHaveCount(0);
  // The same pause after a word does search: that call is the first and only one since the blank input.
  const searched = page.waitForResponse((r) => r.url().includes('/api/culture/search'));
  await box.fill('剪纸');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS);
  expect(new URL((await searched).url()).searchParams.get('keyword')).toBe('剪纸');
  await expect(page.getByRole('list', { name: '“剪纸”的搜索结果' })).toBeVisible();
  expect(calls).toEqual(['剪纸']);
});

test("no hits show '未找到相关文化内容'; a failure shows '搜索失败，请重试'", async ({ page }) => {
  await page.clock.install();
  const box = await openSearch(page);
  await box.fill('不存在的条目名称甲乙丙');
  await box.press('Enter');
  await expect(page.getByText('未找到相关文化内容')).toBeVisible();

  let answered = 0;
  await page.route('**/api/culture/search**', async (route) => {
    answered += 1;
    await route.fulfill({ status: 500, json: { code: 50000, message: '服务器错误', data: null } });
  });
  await box.fill('剪纸');
  await box.press('Enter');
  // The client tries a failing GET 3 more times, 1 s apart, before giving up.
  const failed = page.getByRole('alert').filter({ hasText: '搜索失败，请重试' });
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await expect.poll(() => answered).toBe(attempt);
    await expect(failed).toHaveCount(0);
    await page.clock.runFor(1_000);
  }
  await expect(failed).toBeVisible();
  expect(answered).toBe(4);
});

test('the search panel works by keyboard and closes with Escape', async ({ page }) => {
  const box = await openSearch(page);
  await box.fill('京剧');
  await box.press('Enter');
  await expect(page.getByRole('list', { name: '“京剧”的搜索结果' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(page.getByRole('button', { name: '搜索', exact: true })).toBeFocused();
});

import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { browseListResponse, followStatusResponse, inheritorPageResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/** A page of the national inheritors of a category, as the API gives it (to a guest, or with a token). */
async function inheritorPage(request: APIRequestContext, category: number, page = 1, size = 10, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const answer = await request.get(`/api/inheritor/category/${category}?page=${page}&size=${size}`, { headers });
  return inheritorPageResponse.parse(await answer.json()).data;
}

async function openBrowser(page: Page, path = '/inheritors#baodao') {
  await page.goto(path);
  await page.locator('#baodao').scrollIntoViewIfNeeded();
  await hydrated(page, 'InheritorBrowser');
}

const panel = (page: Page) => page.getByRole('tabpanel');
const cards = (page: Page) => panel(page).getByRole('listitem').getByRole('button');
const names = (page: Page) => cards(page).locator('span.font-serif');

test('a guest browses 民间文学, switches category by keyboard and opens an inheritor', { tag: '@smoke' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = collectProblems(page);
  const [folk, drama] = await Promise.all([inheritorPage(request, 66), inheritorPage(request, 67)]);
  expect(folk.guest).toBe(true);
  expect(folk.page.total).toBeGreaterThan(100);

  await openBrowser(page);
  const tabs = page.getByRole('tablist', { name: '传承人类别' }).getByRole('tab');
  await expect(tabs).toHaveCount(10);
  await expect(tabs.filter({ hasText: '民间文学' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('heading', { name: '民间文学传承人' })).toBeVisible();
  await expect(panel(page).getByText('您当前以游客身份浏览，登录后可查看更多传承人信息')).toBeVisible();
  await expect(names(page)).toHaveText(folk.page.records.map((r) => r.inheritorName));
  await expect(panel(page).getByText(`共 ${folk.page.total} 条`)).toBeVisible();

  // The next category by the arrow key; its 6 skeleton cards stay until the list answers.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/inheritor/category/67?**', async (route) => {
    await held;
    await route.continue();
  });
  await tabs.filter({ hasText: '民间文学' }).focus();
  await page.keyboard.press('ArrowRight');
  const dramaTab = tabs.filter({ hasText: '传统戏剧' });
  await expect(dramaTab).toHaveAttribute('aria-selected', 'true');
  await expect(dramaTab).toBeFocused();
  await expect(panel(page).getByRole('heading', { name: '传统戏剧传承人' })).toBeVisible();
  await expect(panel(page).locator('[data-skeleton] > li')).toHaveCount(6);
  answer();
  await expect(names(page)).toHaveText(drama.page.records.map((r) => r.inheritorName));
  expect(new URL(page.url()).searchParams.get('category')).toBe('67');

  // The dialog: picture, name, skill type, level; the public view has no bio; a guest cannot follow.
  const first = drama.page.records[0]!;
  await cards(page).first().click();
  const dialog = page.getByRole('dialog', { name: first.inheritorName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: `${first.inheritorName}的图片` })).toBeVisible();
  await expect(dialog.getByText(first.skillType, { exact: true })).toBeVisible();
  await expect(dialog.getByText('国家级', { exact: true })).toBeVisible();
  await expect(dialog.getByText('登录后可查看简介与技艺特色。')).toBeVisible();
  await dialog.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByText('请先登录后再关注传承人')).toBeVisible();
  // The visit is kept in this browser until the guest logs in.
  const history = await page.evaluate(
    () => JSON.parse(localStorage.getItem('browseHistory') ?? '[]') as { browseType: string; browseId: number }[],
  );
  expect(history[0]).toMatchObject({ browseType: 'inheritor', browseId: first.id });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('pagination: next page, the jumper, the last page and another page size', async ({ page, request }) => {
  test.setTimeout(120_000);
  const craft = await inheritorPage(request, 71);
  const pages = Math.ceil(craft.page.total / 10);
  expect(pages).toBeGreaterThan(10);
  const [second, fifth, last, wide] = await Promise.all([
    inheritorPage(request, 71, 2),
    inheritorPage(request, 71, 5),
    inheritorPage(request, 71, pages),
    inheritorPage(request, 71, 1, 20),
  ]);

  await openBrowser(page, '/inheritors?category=71#baodao');
  await expect(panel(page).getByRole('heading', { name: '传统技艺传承人' })).toBeVisible();
  await expect(names(page)).toHaveText(craft.page.records.map((r) => r.inheritorName));
  const pager = page.getByRole('navigation', { name: '传承人分页' });
  await expect(pager.getByText(`共 ${craft.page.total} 条`)).toBeVisible();
  await expect(pager.getByRole('button', { name: '上一页' })).toBeDisabled();

  await pager.getByRole('button', { name: '下一页' }).click();
  await expect(pager.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await expect(names(page)).toHaveText(second.page.records.map((r) => r.inheritorName));

  const jumper = pager.getByRole('spinbutton', { name: '前往' });
  await jumper.fill('5');
  await jumper.press('Enter');
  await expect(pager.getByRole('button', { name: '第 5 页' })).toHaveAttribute('aria-current', 'page');
  await expect(names(page)).toHaveText(fifth.page.records.map((r) => r.inheritorName));

  // A page past the end takes the visitor to the last page.
  await jumper.fill(String(pages + 50));
  await pager.getByRole('button', { name: '跳转' }).click();
  await expect(pager.getByRole('button', { name: `第 ${pages} 页` })).toHaveAttribute('aria-current', 'page');
  await expect(names(page)).toHaveText(last.page.records.map((r) => r.inheritorName));
  await expect(pager.getByRole('button', { name: '下一页' })).toBeDisabled();

  // Another size starts again at page 1.
  await pager.getByRole('combobox', { name: '每页条数' }).selectOption('20');
  await expect(pager.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  await expect(names(page)).toHaveText(wide.page.records.map((r) => r.inheritorName));
});

test('a logged-in visitor reads the bio, follows and unfollows; the state holds after reopening', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const problems = collectProblems(page);
  const visitor = await newVisitor(request, 'follow');
  const auth = { authorization: `Bearer ${visitor.token}` };
  const folk = await inheritorPage(request, 66, 1, 10, visitor.token);
  expect(folk.guest).toBe(false);
  const person = folk.page.records[0]!;
  const following = async () =>
    followStatusResponse.parse(await (await request.get(`/api/inheritor/follow/status/${person.id}`, { headers: auth })).json()).data
      .isFollowing;

  await storeLogin(context, visitor);
  await openBrowser(page);
  await expect(names(page).first()).toHaveText(person.inheritorName);
  await expect(panel(page).getByText('您当前以游客身份浏览，登录后可查看更多传承人信息')).toBeHidden();

  const openPerson = async () => {
    await cards(page).first().click();
    const dialog = page.getByRole('dialog', { name: person.inheritorName });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  let dialog = await openPerson();
  await expect(dialog.getByText(person.introduction!.split('\n')[0]!.trim())).toBeVisible();
  if (person.skillDescription) await expect(dialog.getByRole('heading', { name: '技艺特色' })).toBeVisible();
  await dialog.getByRole('button', { name: '关注', exact: true }).click();
  await expect(page.getByText('关注成功')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '取消关注' })).toBeVisible();
  expect(await following()).toBe(true);
  // Opening the dialog left an inheritor record on the server.
  const records = browseListResponse.parse(
    await (await request.get('/api/profile/browse-history?type=inheritor&page=1&size=10', { headers: auth })).json(),
  ).data.records;
  expect(records.map((r) => [r.browseType, r.browseId])).toContainEqual(['inheritor', person.id]);

  await page.reload();
  await page.locator('#baodao').scrollIntoViewIfNeeded();
  await hydrated(page, 'InheritorBrowser');
  dialog = await openPerson();
  await dialog.getByRole('button', { name: '取消关注' }).click();
  await expect(page.getByText('已取消关注')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '关注', exact: true })).toBeVisible();
  expect(await following()).toBe(false);

  await page.reload();
  await page.locator('#baodao').scrollIntoViewIfNeeded();
  await hydrated(page, 'InheritorBrowser');
  dialog = await openPerson();
  await expect(dialog.getByRole('button', { name: '关注', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // Someone with no written bio: '暂无简介'.
  const plain = folk.page.records.findIndex((r) => r.introduction === '暂无简介');
  expect(plain).toBeGreaterThan(-1);
  await cards(page).nth(plain).click();
  await expect(page.getByRole('dialog', { name: folk.page.records[plain]!.inheritorName }).getByText('暂无简介')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a refused list shows the 3 sample inheritors with the guest warning; another failure says what went wrong', async ({ page }) => {
  test.setTimeout(90_000);
  let fault = '403';
  await page.route('**/api/inheritor/category/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-test-fault': fault } }),
  );
  await openBrowser(page, '/inheritors?category=67#baodao');
  await expect(names(page)).toHaveText(['张继青', '徐朝兴', '姜昆']);
  await expect(panel(page).getByText('您当前以游客身份浏览，登录后可查看更多传承人信息')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '传承人分页' })).toBeHidden();
  expect(new URL(page.url()).pathname).toMatch(/^\/inheritors\/?$/);

  fault = '404';
  await page.getByRole('tab', { name: '曲艺' }).click();
  await expect(panel(page).getByRole('alert')).toContainText('请求的资源不存在');

  await page.unrouteAll();
  await page.route('**/api/inheritor/category/**', (route) =>
    route.fulfill({ json: { code: 50300, message: '内容服务暂时不可用', data: null } }),
  );
  await page.getByRole('tab', { name: '民俗' }).click();
  await expect(panel(page).getByRole('alert')).toContainText('获取传承人数据失败: 内容服务暂时不可用');
});

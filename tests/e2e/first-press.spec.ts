import { expect, type Locator, type Page, test } from '@playwright/test';
import { productPageResponse, workshopsResponse } from '@feiyi/contract';
import { PRODUCT_PAGE_SIZE } from '@feiyi/contract/page-sizes';
import { validateLogin, validateRegister } from '../../site/src/islands/auth/rules.ts';
import { collectProblems } from './support/axe.ts';
import { storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/**
 * A form that hydrates late (on the visitor's first interaction, when it comes into view, or on load on a slow phone)
 * must answer its first press as its second would: every message at once, what was typed, and a button that opens a
 * form opens it. Every late island with a form is here: sign-in and registration (client:interaction), the inheritors'
 * jumper (client:visible), the shop's search (client:load), the workshop booking (client:visible) and the donation
 * (client:load); the header's search opens with a click its directive holds (shell.spec.ts), and the personal centre's
 * forms (address, name, pictures) and the checkout's shipping form are drawn only by their hydrated islands.
 * These tests never wait for hydration: they press the button the moment the page has loaded, as a visitor's pointer
 * does (over, down, up, click in one go), and hold the island's script back until after the press so the press surely
 * comes first.
 */

/**
 * Waits until the island has hydrated after the press: the held press is given again a task later. Bounded for a busy
 * machine (the island's modules load only once released), as session.ts's hydrated() is.
 */
const afterHydration = (island: Locator) => expect(island).not.toHaveAttribute('ssr', { timeout: 45_000 });

async function pressBeforeHydration(page: Page, path: string, component: string, button: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  const island = page.locator(`astro-island[component-url*="${component}"]`);
  await expect(island).toHaveAttribute('ssr', '');
  const box = await page.getByRole('button', { name: button, exact: true }).boundingBox();
  if (!box) throw new Error(`no ${button} button on ${path}`);
  // One press, as a pointer gives it: the island starts to hydrate on the pointer coming over it, the click comes first.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(island).toHaveAttribute('ssr', '');
  release();
  await afterHydration(island);
}

test('the sign-in form shows every message of the first press, pressed before it has hydrated', async ({ page }) => {
  const problems = collectProblems(page);
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/user/login') && calls.push(r.url()));
  // The form's own rules (the contract's schemas): what its second press would show.
  const messages = Object.values(validateLogin({ username: '', password: '' }));
  expect(messages).toEqual(['请输入用户名', '请输入密码']);
  await pressBeforeHydration(page, '/login', 'LoginForm', '登录');
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeFocused();
  // The browser never sent the form itself (a press before the script would put the fields in the address).
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(calls).toEqual([]);
  expect(problems).toEqual([]);
});

test('the registration form shows every message of the first press, pressed before it has hydrated', async ({ page }) => {
  const problems = collectProblems(page);
  const messages = Object.values(validateRegister({ username: '', password: '', confirm: '', email: '' }));
  expect(messages).toHaveLength(4);
  await pressBeforeHydration(page, '/register', 'RegisterForm', '注册');
  for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeFocused();
  await expect(page).toHaveURL(/\/register\/?$/);
  expect(problems).toEqual([]);
});

test('a press before hydration sees what was typed before it', async ({ page }) => {
  const typed = { username: 'visitor', password: '' };
  const messages = Object.values(validateLogin(typed));
  expect(messages).toEqual(['请输入密码']);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/LoginForm\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('用户名').fill(typed.username);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  release();
  await afterHydration(page.locator('astro-island[component-url*="LoginForm"]'));
  await expect(page.getByText(messages[0]!, { exact: true })).toBeVisible();
  await expect(page.getByLabel('密码')).toBeFocused();
  await expect(page.getByText(Object.values(validateLogin({ username: '', password: '' }))[0]!, { exact: true })).toHaveCount(0);
});

/**
 * Holds the named island's component module until release() is called: whatever the test does before then happens
 * before the island has hydrated.
 */
async function holdIsland(page: Page, component: string) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return { release, island: page.locator(`astro-island[component-url*="${component}"]`) };
}

test('the inheritors jumper goes to the page typed and pressed before the browser has hydrated (client:visible)', async ({ page }) => {
  const problems = collectProblems(page);
  const { release, island } = await holdIsland(page, 'InheritorBrowser');
  await page.goto('/inheritors');
  const pager = page.getByRole('navigation', { name: '传承人分页' });
  await pager.getByRole('spinbutton', { name: '前往' }).fill('3');
  await pager.getByRole('button', { name: '跳转' }).click();
  await expect(island).toHaveAttribute('ssr', '');
  release();
  await afterHydration(island);
  // The third page is read from the API (the pager waits for it): a bound for a busy machine, as inheritor-browser.spec.ts.
  await expect(pager.getByRole('button', { name: '第 3 页' })).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
  // The browser never sent the form itself.
  await expect(page).toHaveURL(/\/inheritors\/?(?:[?#].*)?$/);
  expect(new URL(page.url()).searchParams.get('page')).not.toBe('3');
  expect(problems).toEqual([]);
});

test('the shop searches the keyword typed and pressed before the list has hydrated (client:load)', async ({ page, request }) => {
  const problems = collectProblems(page);
  const products = productPageResponse.parse(await (await request.get('/api/product/page?size=36')).json()).data.page.records;
  const product = products[products.length - 1]!;
  const found = productPageResponse.parse(
    await (await request.get(`/api/product/page?size=${PRODUCT_PAGE_SIZE}&keyword=${encodeURIComponent(product.name)}`)).json(),
  ).data.page.records;
  expect(found.map((p) => p.id)).toContain(product.id);
  const { release, island } = await holdIsland(page, 'ShopPage');
  await page.goto('/charity');
  const filters = page.getByRole('search', { name: '商品筛选' });
  await filters.getByRole('searchbox').fill(product.name);
  await filters.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(island).toHaveAttribute('ssr', '');
  const asked = page.waitForResponse(
    (r) => r.url().includes('/api/product/page') && new URL(r.url()).searchParams.get('keyword') === product.name,
  );
  release();
  await afterHydration(island);
  await asked;
  await expect(page.locator('[data-product]')).toHaveCount(found.length);
  await expect(page.locator(`[data-product="${product.id}"]`)).toBeVisible();
  await expect(page).toHaveURL(/\/charity\/?$/);
  expect(problems).toEqual([]);
});

test('a workshop pressed before the board has hydrated opens its booking form, whose first submit shows its message (client:visible)', async ({
  page,
  context,
  request,
}) => {
  const problems = collectProblems(page);
  await storeLogin(context, await newVisitor(request, 'press'));
  const workshops = workshopsResponse.parse(await (await request.get(`/api/workshops?_t=${Date.now()}`)).json()).data.workshops;
  const workshop = [...workshops].sort((a, b) => b.seatsLeft - a.seatsLeft)[0]!;
  const { release, island } = await holdIsland(page, 'WorkshopBoard');
  await page.goto('/inheritors#booking');
  await page.getByRole('button', { name: `预约：${workshop.title}` }).click();
  await expect(island).toHaveAttribute('ssr', '');
  release();
  await afterHydration(island);
  const dialog = page.getByRole('dialog', { name: `预约：${workshop.title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '提交预约' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请完整填写第1位参与者信息');
  expect(problems).toEqual([]);
});

test('a donation pressed before the page has hydrated opens its form, whose first submit shows its message (client:load)', async ({
  page,
  context,
  request,
}) => {
  const problems = collectProblems(page);
  await storeLogin(context, await newVisitor(request, 'press'));
  const { release, island } = await holdIsland(page, 'DonationPage');
  await page.goto('/public-welfare');
  const donate = page.getByRole('button', { name: /^捐赠：/ }).first();
  await donate.click();
  await expect(island).toHaveAttribute('ssr', '');
  release();
  await afterHydration(island);
  const dialog = page.getByRole('dialog', { name: '确认捐赠' });
  await dialog.getByRole('spinbutton', { name: '捐赠金额（元，1–10000）' }).fill('0');
  await dialog.getByRole('button', { name: '确认捐赠' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('捐赠金额不能少于 1 元');
  expect(problems).toEqual([]);
});

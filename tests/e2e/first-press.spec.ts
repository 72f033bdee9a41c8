import { expect, type Page, test } from '@playwright/test';
import { validateLogin, validateRegister } from '../../site/src/islands/auth/rules.ts';
import { collectProblems } from './support/axe.ts';

/**
 * A form that hydrates late (on the visitor's first interaction) must answer its first press as its second would: every
 * message at once. These tests never wait for hydration: they press the button the moment the page has loaded, as a
 * visitor's pointer does (over, down, up, click in one go), and hold the island's script back until after the press so the
 * press surely comes first.
 */

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
  await expect(page.getByText(messages[0]!, { exact: true })).toBeVisible();
  await expect(page.getByLabel('密码')).toBeFocused();
  await expect(page.getByText(Object.values(validateLogin({ username: '', password: '' }))[0]!, { exact: true })).toHaveCount(0);
});

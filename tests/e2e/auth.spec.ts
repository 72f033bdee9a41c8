import { expect, test, type Page } from '@playwright/test';
import { hydrated, watchProblems } from './support/session.ts';

async function openForm(page: Page, path: '/login' | '/register') {
  await page.goto(path);
  await hydrated(page, path === '/login' ? 'LoginForm' : 'RegisterForm');
}

test('login validation shows the spec messages and sends nothing', async ({ page }) => {
  const problems = watchProblems(page);
  await openForm(page, '/login');
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/user/login') && calls.push(r.url()));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByLabel('用户名')).toBeFocused();
  await page.getByLabel('用户名').fill('ab');
  await page.getByLabel('密码').fill('12345');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('长度在 3 到 20 个字符')).toBeVisible();
  await expect(page.getByText('密码长度不能少于6位')).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toEqual([]);
  expect(problems).toEqual([]);
});

test('registration validation: confirmation, email and avatar rules', async ({ page }) => {
  await openForm(page, '/register');
  await page.getByLabel('用户名').fill('zhangsan');
  await page.getByLabel('密码', { exact: true }).fill('123456');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('请确认密码')).toBeVisible();
  await expect(page.getByText('请输入邮箱')).toBeVisible();
  await page.getByLabel('确认密码').fill('1234567');
  await page.getByLabel('邮箱').fill('not-an-email');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await expect(page.getByText('请输入正确的邮箱地址')).toBeVisible();

  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('头像只能是 JPG 或 PNG 格式!').first()).toBeVisible();
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024) });
  await expect(page.getByText('头像大小不能超过 2MB!').first()).toBeVisible();
});

test('a wrong password shows the server message', async ({ page }) => {
  await openForm(page, '/login');
  await page.getByLabel('用户名').fill('nobody-here');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/?$/);
});

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { culturePageResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

async function openForm(page: Page, path: '/login' | '/register') {
  await page.goto(path);
  await hydrated(page, path === '/login' ? 'LoginForm' : 'RegisterForm');
}

test('login validation shows the spec messages and sends nothing', async ({ page }) => {
  const problems = collectProblems(page);
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

test('before its script runs, the sign-in form cannot be sent: the password never goes into the address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.isNavigationRequest()) sent.push(`${r.method()} ${url.pathname.replace(/\/$/, '')}${url.search}`);
  });
  // A form that does go out is answered here, so the control below never reaches the server.
  await page.route(
    (url) => /^\/(login|register)\/?$/.test(url.pathname),
    (route) => (route.request().method() === 'GET' ? route.continue() : route.fulfill({ contentType: 'text/html', body: '<p>已发送</p>' })),
  );
  for (const path of ['/login', '/register'] as const) {
    await page.goto(path);
    sent.length = 0;
    await expect(page.getByRole('note')).toHaveText(`${path === '/login' ? '登录' : '注册'}需要浏览器启用 JavaScript。`);
    const submit = page.getByRole('button', { name: path === '/login' ? '登录' : '注册', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('用户名').fill('zhangsan');
    await page.getByLabel('密码', { exact: true }).fill('secret-123456');
    // Playwright's press waits for a navigation it starts: a form sent by this Enter would be on its way by now.
    await page.getByLabel('密码', { exact: true }).press('Enter');
    expect(sent).toEqual([]);
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(path);
    expect(page.url()).not.toContain('secret');

    // Control: the same Enter with the button enabled does send the form, and by POST, so not in the address either.
    await submit.evaluate((button) => button.removeAttribute('disabled'));
    await page.getByLabel('密码', { exact: true }).press('Enter');
    expect(sent).toEqual([`POST ${path}`]);
    expect(page.url()).not.toContain('secret');
  }
  await context.close();
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
  // At most 2 MB, the API's own rule (the contract's upload-rules.ts): one byte over is refused.
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
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

/**
 * Every toast the pages show, in order, across navigations: a message shown just before the page changes (the
 * 401's warning) is gone from the screen before an assertion could look for it.
 */
async function recordToasts(page: Page): Promise<string[]> {
  const shown: string[] = [];
  await page.exposeBinding('e2eToast', (_source, text: string) => void shown.push(text));
  await page.addInitScript(() => {
    const report = (text: string) => (window as unknown as { e2eToast: (text: string) => void }).e2eToast(text);
    new MutationObserver((changes) => {
      for (const change of changes)
        change.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement && node.dataset.toast) report(node.textContent ?? '');
        });
    }).observe(document, { childList: true, subtree: true });
  });
  return shown;
}

/** Another address for each registration: the adapter allows 20 an hour from one address. */
const someAddress = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c! % 254) + 1}`;
};

/** A visitor whose password the test knows, to log in through the form. */
async function registered(request: APIRequestContext) {
  const suffix = randomBytes(5).toString('hex');
  const username = `auth_${suffix}`;
  const password = `pw-${suffix}`;
  const answer = await request.post('/api/user/register', {
    data: { username, password, email: `${username}@example.com` },
    headers: { 'x-forwarded-for': someAddress() },
  });
  expect(answer.status()).toBe(200);
  return { username, password };
}

async function logIn(page: Page, account: { username: string; password: string }) {
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登录' }).click();
}

test('the sign-in form loads its script when the visitor comes to it and keeps what was typed before it had', async ({ page, request }) => {
  const problems = collectProblems(page);
  const account = await registered(request);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': someAddress() });
  // The island's script is held back until the test lets it through: the typing happens before hydration.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/LoginForm\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('astro-island[component-url*="LoginForm"]')).toHaveAttribute('ssr', '');
  await page.getByLabel('用户名').fill(account.username);
  await page.getByLabel('密码').fill(account.password);
  release();
  await hydrated(page, 'LoginForm');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: '登录成功' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('请输入用户名')).toHaveCount(0);
  expect(problems).toEqual([]);
});

/** A small real PNG (1 × 1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test(
  'registration with an avatar: 头像上传成功, 注册成功！ and /login; then 登录成功, home, and the nav shows the user',
  { tag: '@smoke' },
  async ({ page }) => {
    test.setTimeout(90_000);
    const problems = collectProblems(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': someAddress() });
    // The clock is paused around each submit: the success message must be on screen before the page changes.
    await page.clock.install();
    await openForm(page, '/register');
    const suffix = randomBytes(4).toString('hex');
    const account = { username: `新人_${suffix}`, password: `pw-${suffix}` };

    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.locator('[data-toast]').filter({ hasText: '头像上传成功' })).toBeVisible();
    const uploaded = page.getByRole('img', { name: '已上传的头像' });
    await expect(uploaded).toHaveAttribute('src', /\/uploads\/.+\.png$/);
    const avatarPath = new URL((await uploaded.getAttribute('src'))!).pathname;
    await page.getByLabel('用户名').fill(account.username);
    await page.getByLabel('密码', { exact: true }).fill(account.password);
    await page.getByLabel('确认密码').fill(account.password);
    await page.getByLabel('邮箱').fill(`reg_${suffix}@example.com`);
    await expectAccessible(page);

    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: '注册' }).click();
    await expect(page.locator('[data-toast]').filter({ hasText: '注册成功！' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/register\/?$/);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/login\/?$/, { timeout: 20_000 });

    await hydrated(page, 'LoginForm');
    await page.clock.pauseAt(Date.now() + 1_000);
    await logIn(page, account);
    await expect(page.locator('[data-toast]').filter({ hasText: '登录成功' })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/login\/?$/);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    const avatar = page.getByRole('link', { name: `${account.username} 的个人中心` });
    await expect(avatar).toHaveAttribute('href', '/profile', { timeout: 20_000 });
    await expect(avatar.locator('img')).toHaveAttribute('src', new RegExp(`${avatarPath}$`));
    const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]);
    expect(stored[0]).toBeTruthy();
    expect(JSON.parse(stored[1]!)).toMatchObject({ username: account.username });
    expect(problems).toEqual([]);
  },
);

test('the guard sends a logged-out visitor to /login with the full target, and the login returns exactly there', async ({
  page,
  request,
}) => {
  const account = await registered(request);
  await page.goto('/profile?section=address');
  // The static site may answer /profile with /profile/: the target keeps whichever the browser asked for.
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fprofile(%2F)?%3Fsection%3Daddress$/);
  const target = new URL(page.url()).searchParams.get('redirect')!;
  await hydrated(page, 'LoginForm');
  await logIn(page, account);
  await expect
    .poll(
      () => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}${url.hash}`;
      },
      { timeout: 20_000 },
    )
    .toBe(target);
  await expect(page.locator('#profile-section-title')).toHaveText('收货地址', { timeout: 20_000 });
});

test('a 401 mid-session: on a non-history call the visitor is logged out and sent to /login; on the history only the local copy is used', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const [first, second] = culturePageResponse.parse(await (await request.get('/api/culture/page?size=2')).json()).data.page.records;
  const visitor = await newVisitor(request, 'expire');
  await storeLogin(context, visitor);
  const toasts = await recordToasts(page);
  // The adapter's test-only switch answers 401 to the calls a route marks.
  const refuse = (route: Route) => route.continue({ headers: { ...route.request().headers(), 'x-test-fault': '401' } });

  await page.goto(`/culture/item/${first!.id}`);
  await hydrated(page, 'ItemActions');
  const collect = page.getByRole('button', { name: `收藏${first!.title}` });
  await expect(collect).toHaveAttribute('aria-busy', 'false');
  await page.route(
    (url) => url.pathname === '/api/collection',
    (route) => (route.request().method() === 'POST' ? refuse(route) : route.continue()),
  );
  await collect.click();
  await expect(page).toHaveURL(new RegExp(`/login/?\\?redirect=%2Fculture%2Fitem%2F${first!.id}(%2F)?$`), { timeout: 20_000 });
  await expect.poll(() => toasts).toContain('登录已过期，请重新登录');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await page.unroute((url) => url.pathname === '/api/collection');

  // Logged in again; now recording a visit is refused.
  await page.evaluate((login) => {
    localStorage.setItem('token', login.token);
    localStorage.setItem('user', JSON.stringify({ avatar: '', backgroundImage: '', ...login.user }));
  }, visitor);
  const before = toasts.length;
  await page.route((url) => url.pathname === '/api/profile/browse-history', refuse);
  await page.goto(`/culture/item/${second!.id}`);
  await hydrated(page, 'ItemActions');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('browseHistory') ?? ''), { timeout: 20_000 })
    .toContain(`"browseId":${second!.id}`);
  // A 401 while recording a visit: the token is dropped (the visitor is logged out), but nothing is said and the page stays.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page).toHaveURL(new RegExp(`/culture/item/${second!.id}/?$`));
  expect(toasts.slice(before)).toEqual([]);
});

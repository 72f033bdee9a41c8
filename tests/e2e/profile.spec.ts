import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import {
  browseListResponse,
  categoriesResponse,
  createOrderResponse,
  culturePageResponse,
  followStatusResponse,
  inheritorProfilesResponse,
  productPageResponse,
  userInfoResponse,
  workshopsResponse,
} from '@feiyi/contract';
import { expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

type Visitor = Awaited<ReturnType<typeof newVisitor>>;
const auth = (visitor: Visitor) => ({ authorization: `Bearer ${visitor.token}` });
/** A valid 18-digit ID number (its check character is right); the page may only ever show it masked. */
const ID_NUMBER = '11010519491231002X';
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function cultures(request: APIRequestContext, size = 10) {
  return culturePageResponse.parse(await (await request.get(`/api/culture/page?size=${size}`)).json()).data.page.records;
}

async function orderFor(request: APIRequestContext, visitor: Visitor, productId: number) {
  const answer = await request.post('/api/order', {
    headers: auth(visitor),
    data: {
      orderItems: [{ productId, quantity: 1 }],
      shippingName: '张三',
      shippingPhone: '13800138000',
      shippingAddress: '浙江省杭州市西湖区龙井路 1 号',
    },
  });
  expect(answer.status()).toBe(200);
  return createOrderResponse.parse(await answer.json()).data;
}

/** A product with stock to spare (other specs buy too). */
async function roomyProduct(request: APIRequestContext) {
  const products = productPageResponse.parse(await (await request.get('/api/product/page?size=36')).json()).data.page.records;
  return [...products].sort((a, b) => b.stock - a.stock)[0]!;
}

async function openProfile(page: Page, path = '/profile') {
  await page.goto(path);
  await hydrated(page, 'ProfilePage');
}

/** The adapter's test-only switch (TEST_FAULTS=1): the routed call is answered with this error status. */
const fault = (status: string) => (route: Route) => route.continue({ headers: { ...route.request().headers(), 'x-test-fault': status } });
/** A toast with this text. */
const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });

const section = (page: Page) => page.locator('section[data-section]');
const sectionHeading = (page: Page) => page.locator('#profile-section-title');
const statsNav = (page: Page) => page.getByRole('navigation', { name: '个人中心栏目' });

test(
  'every section with the visitor’s own data; unfollow asks first; a pending order is paid on /payment',
  { tag: '@smoke' },
  async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const visitor = await newVisitor(request, 'prof');
    const items = await cultures(request);
    // 7 favourites: two pages of 6.
    for (const item of items.slice(0, 7)) {
      expect((await request.post(`/api/collection?type=culture&targetId=${item.id}`, { headers: auth(visitor) })).status()).toBe(200);
    }
    const person = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data.inheritors[0]!;
    expect((await request.post(`/api/inheritor/follow/${person.id}`, { headers: auth(visitor) })).status()).toBe(200);
    for (const record of [
      { browseType: 'culture', browseId: items[0]!.id },
      { browseType: 'culture', browseId: items[1]!.id },
      { browseType: 'inheritor', browseId: person.id },
    ]) {
      expect((await request.post('/api/profile/browse-history', { headers: auth(visitor), data: record })).status()).toBe(200);
    }
    const product = await roomyProduct(request);
    const pending = await orderFor(request, visitor, product.id);
    const paid = await orderFor(request, visitor, product.id);
    expect((await request.post(`/api/orders/${paid.orderId}/mock-pay`, { headers: auth(visitor) })).status()).toBe(200);
    const workshops = workshopsResponse.parse(await (await request.get('/api/workshops')).json()).data.workshops;
    // Not the workshop workshop.spec.ts keeps for its sync test, and one with seats to spare.
    const workshop = workshops.filter((w) => w !== workshops[1]).sort((a, b) => b.seatsLeft - a.seatsLeft)[0]!;
    const booked = await request.post(`/api/workshops/${workshop.id}/book`, {
      headers: auth(visitor),
      data: { participants: [{ name: '李四', phone: '13900139000', idcard: ID_NUMBER }] },
    });
    expect(booked.status()).toBe(200);
    await storeLogin(context, visitor);
    // A booking made in this browser before logging in (kept with the ID number masked).
    await context.addInitScript(
      (record) => {
        if (!localStorage.getItem('activityReservations')) localStorage.setItem('activityReservations', JSON.stringify([record]));
      },
      {
        id: 1_700_000_000_000,
        status: '已预约',
        activity: {
          title: workshops[1]!.title,
          time: workshops[1]!.startTime,
          location: workshops[1]!.location,
          image: workshops[1]!.image,
        },
        createTime: '2026-11-20T08:00:00.000Z',
        participants: [{ name: '王五', phone: '13700137000', idcard: '110105********002X' }],
      },
    );

    // Favourites by default: 6 a page, a detail view.
    await openProfile(page);
    await expect(sectionHeading(page)).toHaveText('我的收藏');
    await expect(page.locator('[data-username]')).toHaveText(visitor.user.username);
    await expect(statsNav(page).locator('[data-stat="favorite"]')).toHaveText('7');
    await expect(statsNav(page).locator('[data-stat="follow"]')).toHaveText('1');
    await expect(statsNav(page).locator('[data-stat="appointment"]')).toHaveText('1');
    const cards = section(page).locator('[data-favourite]');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText(items[6]!.title);
    await section(page).getByRole('button', { name: '第 2 页' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(items[0]!.title);
    await cards.first().getByRole('button').click();
    const detail = page.getByRole('dialog', { name: items[0]!.title });
    await expect(detail.locator('[data-facts]')).toContainText(items[0]!.type ?? items[0]!.categoryName ?? '');
    await expect(
      detail.getByText(
        items[0]!.content
          .split('\n')
          .find((p) => p.trim())!
          .trim(),
      ),
    ).toBeVisible();
    await expect(detail.getByRole('link', { name: `打开「${items[0]!.title}」的页面` })).toHaveAttribute(
      'href',
      `/culture/item/${items[0]!.id}`,
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The chart reads the follows, favourites and visits.
    const chart = page.locator('[data-skill-chart]');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('[data-leading]')).toContainText('最关注：');
    await expect(chart.locator('[data-chart] canvas')).toHaveCount(1, { timeout: 15_000 });
    // The followed and visited inheritor's category counts at least 3 (follow) + 1 (visit).
    const categories = categoriesResponse.parse(await (await request.get('/api/categories')).json()).data.categories;
    const category = categories.find((c) => c.id === person.categoryId)!;
    const row = chart.locator('tr', { has: page.getByRole('rowheader', { name: category.title, exact: true }) });
    expect(Number(await row.getByRole('cell').textContent())).toBeGreaterThanOrEqual(3 + 1);

    // Follows: unfollowing asks first.
    await statsNav(page).getByRole('link', { name: /关注/ }).click();
    await expect(page).toHaveURL(/\/profile\?section=follow$/);
    await expect(sectionHeading(page)).toBeFocused();
    const follow = section(page).locator(`[data-follow="${person.id}"]`);
    await expect(follow).toContainText(person.inheritorName);
    await follow.getByRole('button', { name: `取消关注：${person.inheritorName}` }).click();
    const confirm = page.getByRole('dialog', { name: '取消关注' });
    await expect(confirm).toContainText(`确定要取消关注${person.inheritorName}吗？`);
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('已取消关注')).toBeVisible();
    await expect(section(page).getByText('还没有关注的传承人')).toBeVisible();
    await expect(statsNav(page).locator('[data-stat="follow"]')).toHaveText('0');

    // Bookings: the server's and this browser's, ID numbers masked.
    await statsNav(page).getByRole('link', { name: /预约/ }).click();
    await expect(sectionHeading(page)).toHaveText('我的预约');
    const server = section(page).locator('[data-booking="server"]');
    await expect(server).toContainText(workshop.title);
    await expect(server.locator('[data-idcard]')).toHaveText('110105********002X');
    await expect(section(page).locator('[data-booking="local"]')).toContainText(workshops[1]!.title);
    await expect(section(page)).not.toContainText(ID_NUMBER);

    // Achievements: progress from the server, none completed yet.
    await statsNav(page).getByRole('link', { name: '成就' }).click();
    await expect(section(page).locator('[data-achievement="first_donation"] [data-figures]')).toHaveText('0 / 1 次');
    await expect(section(page).locator('[data-completed="true"]')).toHaveCount(0);

    // History: the three visits, and the type filter.
    await statsNav(page).getByRole('link', { name: '浏览记录' }).click();
    await expect(section(page).locator('[data-record]')).toHaveCount(3);
    await expect(section(page).locator(`[data-record="culture-${items[1]!.id}"]`)).toContainText(items[1]!.title);
    await section(page).getByLabel('类型').selectOption('inheritor');
    await expect(section(page).locator('[data-record]')).toHaveCount(1);
    await expect(section(page).locator('[data-record]')).toContainText(person.inheritorName);

    // Orders: status labels, and paying the pending one.
    await statsNav(page).getByRole('link', { name: '订单' }).click();
    await expect(page).toHaveURL(/section=order$/);
    const orders = section(page).locator('[data-order]');
    await expect(orders).toHaveCount(2);
    await expect(section(page).locator(`[data-order="${paid.orderNo}"] [data-status]`)).toHaveText('已支付');
    const pendingCard = section(page).locator(`[data-order="${pending.orderNo}"]`);
    await expect(pendingCard.locator('[data-status]')).toHaveText('待支付');
    await expect(
      section(page)
        .locator(`[data-order="${paid.orderNo}"]`)
        .getByRole('link', { name: /去支付/ }),
    ).toHaveCount(0);
    await expectAccessible(page);
    await pendingCard.getByRole('link', { name: `去支付：订单 ${pending.orderNo}` }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/?\\?orderId=${pending.orderId}&amount=${pending.totalAmount.toFixed(2)}$`));
  },
);

test('a new visitor: the guard, the order links from pay-success and quick-buy, and every designed empty state', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.goto('/profile?section=order');
  // The static site may answer /profile with /profile/: the target keeps whichever the browser asked for.
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fprofile(%2F)?%3Fsection%3Dorder$/);

  const visitor = await newVisitor(request, 'empty');
  await storeLogin(context, visitor);
  await openProfile(page, '/profile?tab=orders');
  await expect(sectionHeading(page)).toHaveText('我的订单');
  await expect(section(page).getByText('暂无订单')).toBeVisible();
  await openProfile(page, '/profile?section=order');
  await expect(sectionHeading(page)).toHaveText('我的订单');

  await openProfile(page, '/profile');
  await expect(section(page).getByText('暂无收藏')).toBeVisible();
  await expect(page.locator('[data-skill-chart]')).toContainText('这里会显示您的兴趣分布');
  await expectAccessible(page);

  // The icon menu, by keyboard: expand, open the history, close.
  await page.getByRole('button', { name: '展开快捷菜单' }).focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('link', { name: '浏览记录' }).first();
  await expect(history).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/section=history$/);
  await expect(sectionHeading(page)).toBeFocused();
  await expect(section(page).getByText('暂无浏览记录')).toBeVisible();
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(page.getByRole('button', { name: '展开快捷菜单' })).toBeFocused();

  await statsNav(page).getByRole('link', { name: /关注/ }).click();
  await expect(section(page).getByText('还没有关注的传承人')).toBeVisible();
  await statsNav(page).getByRole('link', { name: /预约/ }).click();
  await expect(section(page).getByText('暂无预约')).toBeVisible();
  await statsNav(page).getByRole('link', { name: '成就' }).click();
  await expect(section(page).locator('[data-achievement]')).toHaveCount(3);
  await expectAccessible(page);

  // Back goes to the previous section, at once (its data is cached). history.back() from the page: Playwright's
  // goBack() would wait for a load that a same-document step never makes.
  await page.evaluate(() => window.history.back());
  await expect(sectionHeading(page)).toHaveText('我的预约');
  await expect(section(page).getByText('暂无预约')).toBeVisible();
});

test('error states: a 403 on the history shows the records kept in this browser; a 500 on the orders reads 获取订单列表失败', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const item = (await cultures(request, 1))[0]!;
  const visitor = await newVisitor(request, 'fault');
  await storeLogin(context, visitor);
  await context.addInitScript((id) => {
    if (!localStorage.getItem('browseHistory')) {
      localStorage.setItem(
        'browseHistory',
        JSON.stringify([{ browseType: 'culture', browseId: id, browseTime: '2026-11-20T06:05:00.000Z' }]),
      );
    }
  }, item.id);
  // The adapter's test-only switch: these calls answer 403 and 500.
  await page.route((url) => url.pathname === '/api/profile/browse-history', fault('403'));
  await page.route((url) => url.pathname === '/api/order/list', fault('500'));

  await openProfile(page, '/profile?section=history');
  await expect(section(page).locator('[data-local-history]')).toHaveText('获取浏览记录失败（权限不足）。以下是本机保存的浏览记录');
  const record = section(page).locator(`[data-record="culture-${item.id}"]`);
  await expect(record).toContainText(item.title);
  await expect(record.locator('[data-time]')).toHaveText('2026-11-20 14:05');
  // A 403 on the history never logs the visitor out.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(visitor.token);

  await statsNav(page).getByRole('link', { name: '订单' }).click();
  const failed = section(page).getByRole('alert');
  await expect(failed).toContainText('获取订单列表失败', { timeout: 20_000 });
  await expect(failed.getByRole('button', { name: '重试' })).toBeVisible();
  await expectAccessible(page);
});

test('error states: achievements answered 401 read 登录已过期, 403 无权获取成就数据，请重新登录; the visitor stays, and 重试 loads them', async ({
  page,
  context,
  request,
}) => {
  const visitor = await newVisitor(request, 'achfault');
  await storeLogin(context, visitor);
  let status: string | undefined = '401';
  await page.route(
    (url) => url.pathname === `/api/achievements/user/${visitor.user.id}`,
    (route) => (status ? fault(status)(route) : route.continue()),
  );

  await openProfile(page, '/profile?section=achievement');
  const failed = section(page).getByRole('alert');
  await expect(failed.locator('p')).toHaveText(['登录已过期']);
  status = '403';
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(failed.locator('p')).toHaveText(['无权获取成就数据，请重新登录']);
  await expectAccessible(page);
  // These failures are worded for the section itself: the visitor is neither logged out nor sent away.
  await expect(page).toHaveURL(/\/profile\/?\?section=achievement$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(visitor.token);

  status = undefined;
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(section(page).locator('[data-achievement]')).toHaveCount(3);
  await expect(section(page).getByRole('alert')).toHaveCount(0);
});

test('error states: a 500 on the favourites, follows and bookings reads each list’s message with the server’s reason', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const visitor = await newVisitor(request, 'listfault');
  await storeLogin(context, visitor);
  for (const path of ['/api/collection/list', '/api/profile/follows/inheritors', '/api/profile/bookings']) {
    await page.route((url) => url.pathname === path, fault('500'));
  }
  const failure = () => section(page).getByRole('alert').locator('p');

  // Each read is tried 4 times (3 retries 1 s apart) before the message shows.
  await openProfile(page, '/profile?section=favorite');
  await expect(failure()).toHaveText(['获取收藏列表失败', '服务器内部错误，请稍后重试'], { timeout: 20_000 });
  await expect(section(page).getByRole('alert').getByRole('button', { name: '重试' })).toBeVisible();
  await expectAccessible(page);

  await statsNav(page).getByRole('link', { name: /关注/ }).click();
  await expect(sectionHeading(page)).toHaveText('我的关注');
  await expect(failure()).toHaveText(['获取关注列表失败', '服务器内部错误，请稍后重试'], { timeout: 20_000 });

  await statsNav(page).getByRole('link', { name: /预约/ }).click();
  await expect(sectionHeading(page)).toHaveText('我的预约');
  await expect(failure()).toHaveText(['获取预约记录失败', '服务器内部错误，请稍后重试'], { timeout: 20_000 });
  await expect(section(page).getByRole('alert').getByRole('button', { name: '重试' })).toBeVisible();
});

test('unfollowing that fails reads 取消关注失败，请稍后重试 and the inheritor stays followed', async ({ page, context, request }) => {
  const visitor = await newVisitor(request, 'unfault');
  const person = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data.inheritors[0]!;
  expect((await request.post(`/api/inheritor/follow/${person.id}`, { headers: auth(visitor) })).status()).toBe(200);
  await storeLogin(context, visitor);
  await page.route((url) => url.pathname === `/api/inheritor/unfollow/${person.id}`, fault('500'));

  await openProfile(page, '/profile?section=follow');
  const follow = section(page).locator(`[data-follow="${person.id}"]`);
  await follow.getByRole('button', { name: `取消关注：${person.inheritorName}` }).click();
  await page.getByRole('dialog', { name: '取消关注' }).getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '取消关注失败，请稍后重试')).toBeVisible();
  await expect(toast(page, '已取消关注')).toHaveCount(0);
  await expect(follow).toContainText(person.inheritorName);
  await expect(statsNav(page).locator('[data-stat="follow"]')).toHaveText('1');
  const status = followStatusResponse.parse(
    await (await request.get(`/api/inheritor/follow/status/${person.id}`, { headers: auth(visitor) })).json(),
  );
  expect(status.data.isFollowing).toBe(true);
});

/** A visitor whose password the test knows, to log in through the form. */
async function registered(request: APIRequestContext) {
  const suffix = randomBytes(5).toString('hex');
  const username = `sync_${suffix}`;
  const password = `pw-${suffix}`;
  const [a, b, c] = randomBytes(3);
  const answer = await request.post('/api/user/register', {
    data: { username, password, email: `${username}@example.com` },
    headers: { 'x-forwarded-for': `10.${a}.${b}.${(c! % 254) + 1}` },
  });
  expect(answer.status()).toBe(200);
  return { username, password };
}

test('history made while logged out reaches the server once at login, and the local copy is cleared', async ({ page, request }) => {
  test.setTimeout(120_000);
  const item = (await cultures(request, 1))[0]!;
  const { username, password } = await registered(request);
  await page.goto(`/culture/1?item=${item.id}`);
  await expect(page.getByRole('dialog', { name: item.title })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('browseHistory') ?? '')).toContain(`"browseId":${item.id}`);

  await page.goto(`/login?redirect=${encodeURIComponent('/profile?section=history')}`);
  await hydrated(page, 'LoginForm');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/profile\/?\?section=history$/);
  await hydrated(page, 'ProfilePage');
  await expect(section(page).locator(`[data-record="culture-${item.id}"]`)).toContainText(item.title);
  await expect(section(page).locator('[data-local-history]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('browseHistory'))).toBeNull();

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const list = browseListResponse.parse(
    await (await request.get('/api/profile/browse-history?size=50', { headers: { authorization: `Bearer ${token}` } })).json(),
  ).data;
  expect(list.records.filter((r) => r.browseType === 'culture' && r.browseId === item.id)).toHaveLength(1);
  expect(list.total).toBe(1);
});

for (const failure of ['403', 'network'] as const) {
  test(`history made while logged out stays in this browser when the sync at login fails (${failure})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const item = (await cultures(request, 1))[0]!;
    const { username, password } = await registered(request);
    const synced: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/profile/browse-history/batch',
      (route) => {
        synced.push(route.request().method());
        return failure === 'network' ? route.abort('internetdisconnected') : fault(failure)(route);
      },
    );

    await page.goto('/login?redirect=%2Fprofile%3Fsection%3Dhistory');
    await hydrated(page, 'LoginForm');
    // Set once, on this page (an init script would put it back after the sync removed it).
    const kept = JSON.stringify([{ browseType: 'culture', browseId: item.id, browseTime: '2026-11-20T06:05:00.000Z' }]);
    await page.evaluate((value) => localStorage.setItem('browseHistory', value), kept);
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/profile\/?\?section=history$/);
    await hydrated(page, 'ProfilePage');
    // On a 403 or a network failure the local records are kept (and the visitor stays logged in).
    expect(synced).toEqual(['POST']);
    expect(await page.evaluate(() => localStorage.getItem('browseHistory'))).toBe(kept);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const list = browseListResponse.parse(
      await (await request.get('/api/profile/browse-history?size=50', { headers: { authorization: `Bearer ${token}` } })).json(),
    ).data;
    expect(list.total).toBe(0);
  });
}

test('two visitors in two browsers never see each other’s data', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const [first, second] = [await newVisitor(request, 'alice'), await newVisitor(request, 'bob')];
  const item = (await cultures(request, 1))[0]!;
  expect((await request.post(`/api/collection?type=culture&targetId=${item.id}`, { headers: auth(first) })).status()).toBe(200);
  const order = await orderFor(request, first, (await roomyProduct(request)).id);

  const contexts: BrowserContext[] = [];
  try {
    const pages: Page[] = [];
    for (const visitor of [first, second]) {
      const context = await browser.newContext();
      contexts.push(context);
      await storeLogin(context, visitor);
      const page = await context.newPage();
      await openProfile(page);
      pages.push(page);
    }
    const [alice, bob] = pages as [Page, Page];
    await expect(alice.locator('[data-username]')).toHaveText(first.user.username);
    await expect(alice.locator(`[data-favourite="culture-${item.id}"]`)).toBeVisible();
    await expect(bob.locator('[data-username]')).toHaveText(second.user.username);
    await expect(section(bob).getByText('暂无收藏')).toBeVisible();

    for (const page of pages) await statsNav(page).getByRole('link', { name: '订单' }).click();
    await expect(alice.locator(`[data-order="${order.orderNo}"]`)).toBeVisible();
    await expect(section(bob).getByText('暂无订单')).toBeVisible();
    await expect(bob.locator('body')).not.toContainText(order.orderNo);
    await expect(bob.locator('body')).not.toContainText(first.user.username);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('pictures, username and address: a non-image and a 6 MB image are refused, a PNG is saved; a taken name is refused', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const [visitor, other] = [await newVisitor(request, 'pic'), await newVisitor(request, 'taken')];
  await storeLogin(context, visitor);
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/api/upload/') && uploads.push(r.url()));

  await openProfile(page);
  await page.getByRole('link', { name: '更换头像' }).click();
  await expect(sectionHeading(page)).toHaveText('更换头像');
  const chooser = section(page).getByLabel('选择图片');
  await section(page).getByRole('button', { name: '上传并保存头像' }).click();
  await expect(section(page).getByRole('alert')).toHaveText('请选择图片');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') });
  await expect(section(page).getByRole('alert')).toHaveText('请选择图片文件');
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) });
  await expect(section(page).getByRole('alert')).toHaveText('图片大小不能超过5MB');
  expect(uploads).toEqual([]);
  await chooser.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(section(page).getByRole('img', { name: '新头像预览' })).toBeVisible();
  await section(page).getByRole('button', { name: '上传并保存头像' }).click();
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(page.locator('[data-profile-card] a[aria-label="更换头像"] img')).toHaveAttribute('src', /\/uploads\//);

  await page.getByRole('link', { name: '更换背景' }).click();
  await section(page).getByLabel('选择图片').setInputFiles({ name: 'bg.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await section(page).getByRole('button', { name: '上传并保存背景图' }).click();
  await expect(page.getByText('背景已更新')).toBeVisible();
  await expect(page.locator('[data-banner]')).toHaveAttribute('style', /\/uploads\//);

  // Username: blank and taken names are refused; a free one is saved and shown.
  await page.getByRole('button', { name: '展开快捷菜单' }).click();
  await page.getByRole('link', { name: '修改用户名' }).click();
  const name = section(page).getByLabel('新用户名');
  await name.fill('   ');
  await section(page).getByRole('button', { name: '保存用户名' }).click();
  await expect(section(page).getByRole('alert')).toHaveText('用户名不能为空');
  await name.fill(other.user.username);
  await section(page).getByRole('button', { name: '保存用户名' }).click();
  await expect(section(page).getByRole('alert')).toHaveText('用户名已被占用');
  const fresh = `n_${randomBytes(5).toString('hex')}`;
  await name.fill(`  ${fresh}  `);
  await section(page).getByRole('button', { name: '保存用户名' }).click();
  await expect(page.getByText('用户名已更新')).toBeVisible();
  await expect(page.locator('[data-username]')).toHaveText(fresh);

  // Address: fewer than three levels clear the region; a full one is saved.
  await page.getByRole('link', { name: '收货地址' }).click();
  const form = section(page);
  await form.getByLabel('省份').selectOption('浙江省');
  await form.getByLabel('详细地址').fill('龙井路 1 号');
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(form.getByRole('alert')).toHaveText('请填写完整的省市区和详细地址');
  await expect(form.getByLabel('省份')).toHaveValue('');
  await form.getByLabel('省份').selectOption('浙江省');
  await form.getByLabel('城市').selectOption('杭州市');
  await form.getByLabel('区县').selectOption('西湖区');
  await form.getByRole('button', { name: '保存地址' }).click();
  await expect(page.getByText('地址已保存')).toBeVisible();
  await expect(form.locator('[data-saved-address]')).toHaveText('当前地址：浙江省 杭州市 西湖区 龙井路 1 号');
  const info = userInfoResponse.parse(await (await request.get('/api/user/info', { headers: auth(visitor) })).json()).data.user;
  expect(info).toMatchObject({
    username: fresh,
    address: { province: '浙江省', city: '杭州市', district: '西湖区', detail: '龙井路 1 号' },
  });
  await expectAccessible(page);
});

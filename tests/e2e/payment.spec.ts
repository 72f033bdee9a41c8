import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { createOrderResponse, orderDetailResponse, productPageResponse, type Order } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

type Visitor = Awaited<ReturnType<typeof newVisitor>>;

const shipping = { shippingName: '王芳', shippingPhone: '13912345678', shippingAddress: '江苏省苏州市姑苏区平江路 8 号' };

/** A pending order of 2 of the product with the most stock, placed through the API as the shop would. */
async function placeOrder(request: APIRequestContext, visitor: Visitor) {
  const products = productPageResponse.parse(await (await request.get(`/api/product/page?size=36&_t=${Date.now()}`)).json()).data.page
    .records;
  const product = [...products].sort((a, b) => b.stock - a.stock)[0]!;
  const answer = await request.post('/api/order', {
    headers: { authorization: `Bearer ${visitor.token}` },
    data: { orderItems: [{ productId: product.id, quantity: 2 }], ...shipping },
  });
  const { orderId, orderNo, totalAmount } = createOrderResponse.parse(await answer.json()).data;
  return { orderId, orderNo, totalAmount, amount: totalAmount.toFixed(2), product };
}

async function orderOf(request: APIRequestContext, visitor: Visitor, id: number): Promise<Order> {
  const answer = await request.get(`/api/order/${id}?_t=${Date.now()}`, { headers: { authorization: `Bearer ${visitor.token}` } });
  return orderDetailResponse.parse(await answer.json()).data.order;
}

const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });

async function openPayment(page: Page, order: { orderId: number; amount: string }) {
  const response = await page.goto(`/payment?orderId=${order.orderId}&amount=${order.amount}`);
  expect(response?.status()).toBe(200);
  await hydrated(page, 'PaymentPage');
}

test(
  '@smoke the payment page: order, 支付宝/微信, a QR for /mobile/payment, 10 s, the progress circle, paid, /pay-success',
  { tag: '@phone' },
  async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const visitor = await newVisitor(request, 'pay');
    const order = await placeOrder(request, visitor);
    await storeLogin(context, visitor);
    await page.clock.install();
    await openPayment(page, order);
    await expect(page.locator('[data-order-no]')).toHaveText(order.orderNo);
    await expect(page.locator('[data-amount]')).toHaveText(`¥${order.amount}`);
    await expect(page.getByText(`${order.product.name} × 2`)).toBeVisible();
    await expect(page.locator('[data-demo]')).toContainText('不会产生任何真实扣款');
    // Page time stands still from here: only runFor moves it (axe needs it running for a moment).
    await page.clock.pauseAt(Date.now() + 1_000);

    await expect(page.getByRole('radio', { name: '微信支付' })).toBeChecked();
    const link = page.locator('[data-mobile-link]');
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const mobile = (method: string) =>
      new RegExp(
        `^${escape(baseURL!)}/mobile/payment\\?orderId=${order.orderId}&orderNo=${order.orderNo}&amount=${order.amount.replace('.', '\\.')}&paymentMethod=${method}&timestamp=\\d+$`,
      );
    await expect(link).toHaveAttribute('href', mobile('wechat'));
    await expect(page.getByRole('main').locator('svg title')).toHaveText('微信支付付款码（演示）');
    await page.getByRole('radio', { name: '支付宝' }).check();
    await expect(link).toHaveAttribute('href', mobile('alipay'));
    await expect(page.getByRole('main').locator('svg title')).toHaveText('支付宝付款码（演示）');
    await expect(page.getByRole('status').filter({ hasText: '秒后自动确认' })).toBeVisible();
    await page.clock.resume();
    await expectAccessible(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);

    await page.clock.runFor(10_000);
    await expect(page.getByRole('progressbar', { name: '支付进度' })).toBeVisible();
    await page.clock.runFor(10_000);
    const done = page.getByRole('dialog', { name: '支付成功！' });
    await expect(done).toContainText(order.orderNo);
    await page.clock.runFor(1_500);
    await expect(page).toHaveURL(
      new RegExp(`/pay-success/?\\?orderNo=${order.orderNo}&orderId=${order.orderId}&amount=${order.amount.replace('.', '\\.')}$`),
    );
    expect(await orderOf(request, visitor, order.orderId)).toMatchObject({ status: 1, paymentMethod: 'alipay' });

    // The page clock stays paused across pages: let it run again for axe.
    await page.clock.resume();
    await hydrated(page, 'PaySuccess');
    await expect(page.getByRole('heading', { level: 1, name: '支付成功' })).toBeVisible();
    await expect(page.locator('[data-order-no]')).toHaveText(order.orderNo);
    await expect(page.locator('[data-amount]')).toHaveText(`¥${order.amount}`);
    await expect(page.getByRole('link', { name: '查看订单' })).toHaveAttribute('href', '/profile?tab=orders');
    await expect(page.getByRole('link', { name: '继续购物' })).toHaveAttribute('href', '/charity');
    await expectAccessible(page);
    expect(problems).toEqual([]);
  },
);

test('a paid order is refused: 该订单不是待支付状态, then the order list', async ({ page, context, request }) => {
  const visitor = await newVisitor(request, 'paid');
  const order = await placeOrder(request, visitor);
  const paid = await request.post(`/api/orders/${order.orderId}/mock-pay`, { headers: { authorization: `Bearer ${visitor.token}` } });
  expect(paid.status()).toBe(200);
  await storeLogin(context, visitor);
  await openPayment(page, order);
  await expect(toast(page, '该订单不是待支付状态')).toBeVisible();
  await expect(page.getByRole('main').locator('svg title')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile\/?\?section=order$/);
});

test('the phone pays: the QR address, opened in a second browser logged in as the same visitor, completes the desktop flow', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const visitor = await newVisitor(request, 'phone');
  const order = await placeOrder(request, visitor);
  await storeLogin(context, visitor);
  await page.clock.install();
  await openPayment(page, order);
  const link = page.locator('[data-mobile-link]');
  await expect(link).toHaveAttribute('href', /paymentMethod=wechat/);
  await page.clock.pauseAt(Date.now() + 500);
  const address = (await link.getAttribute('href'))!;
  // The desktop now shows 支付宝: had the desktop's own timer finished the payment, the order would say alipay.
  await page.getByRole('radio', { name: '支付宝' }).check();

  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  try {
    const mobile = await phone.newPage();
    // Not logged in on the phone: '请先登录', then /login and back here afterwards.
    await mobile.goto(address);
    await expect(toast(mobile, '请先登录')).toBeVisible();
    await expect(mobile).toHaveURL(/\/login\/?\?redirect=%2Fmobile%2Fpayment(%2F)?%3ForderId%3D/);
    // The static site may add its trailing slash to the path; the query comes back whole.
    const target = new URL(mobile.url()).searchParams.get('redirect')!;
    expect(target.replace('/mobile/payment/?', '/mobile/payment?')).toBe(address.slice(new URL(address).origin.length));

    await storeLogin(phone, visitor);
    await mobile.goto(address);
    await hydrated(mobile, 'MobilePayment');
    await expect(mobile.locator('[data-order-no]')).toHaveText(order.orderNo);
    await expect(mobile.locator('[data-amount]')).toHaveText(`¥${order.amount}`);
    await expect(mobile.getByText('微信支付', { exact: true })).toBeVisible();
    await expect(mobile.locator('[data-demo]')).toContainText('不会产生任何真实扣款');
    await expectAccessible(mobile);
    await mobile.getByRole('button', { name: `确认支付 ¥${order.amount}` }).click();
    await expect(mobile.getByRole('main').getByRole('status')).toHaveText('支付成功！电脑上的支付页面会自动跳转。');
  } finally {
    await phone.close();
  }
  expect(await orderOf(request, visitor, order.orderId)).toMatchObject({ status: 1, paymentMethod: 'wechat' });

  // The desktop reads the order every 2 s of its (paused) time: a few steps and it has seen the payment.
  const done = page.getByRole('dialog', { name: '支付成功！' });
  await expect(async () => {
    await page.clock.runFor(250);
    await expect(done).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 30_000 });
  await page.clock.runFor(1_500);
  await expect(page).toHaveURL(new RegExp(`/pay-success/?\\?orderNo=${order.orderNo}&orderId=${order.orderId}&`));
  expect(await orderOf(request, visitor, order.orderId)).toMatchObject({ status: 1, paymentMethod: 'wechat' });
});

test('without a login: /pay-success says 请先登录 and opens /login; /payment is guarded', async ({ page }) => {
  const response = await page.goto('/pay-success?orderNo=FY20260101000000000001&orderId=1&amount=45.00');
  expect(response?.status()).toBe(200);
  await expect(toast(page, '请先登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fpay-success(%2F)?%3ForderNo%3DFY20260101000000000001/);

  await page.goto('/payment?orderId=1&amount=45.00');
  await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fpayment(%2F)?%3ForderId%3D1%26amount%3D45\.00$/);
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderResponse,
  orderDetailResponse,
  orderListResponse,
  payResponse,
  productDetailResponse,
  productPageResponse,
  quickOrderResponse,
  type Order,
  type Product,
} from '@feiyi/contract';
import { adminToken } from '../support/cms-admin.ts';
import {
  cmsUser,
  DEMO,
  eventually,
  expectError,
  expectOk,
  get,
  login,
  newUser,
  post,
  put,
  signToken,
  type TestUser,
  uniqueSuffix,
} from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { seedProduct } from '../support/seed.ts';

// Tests in a file run one after another; the stock of 龙泉青瓷品茗杯 (a few, see products.json) is
// used only by the 50-buyer test at the end of this file.
let buyer: TestUser;
let other: { id: number; token: string };
let products: Product[];
const product = (name: string) => {
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`seed product ${name} is missing`);
  return found;
};

beforeAll(async () => {
  buyer = await newUser('buyer');
  other = await login(DEMO.username, DEMO.password);
  products = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
});

const shipping = { shippingName: '张三', shippingPhone: '13800138000', shippingAddress: '浙江省杭州市西湖区文三路 1 号' };

function orderBody(lines: Array<{ product: Product; quantity: number; price?: number; totalAmount?: number }>, extra: object = {}) {
  const total = lines.reduce((sum, line) => sum + Math.round(line.product.price * 100) * line.quantity, 0) / 100;
  return {
    orderItems: lines.map((line) => ({
      productId: line.product.id,
      productName: line.product.name,
      productImage: line.product.coverImage,
      price: line.price ?? line.product.price,
      quantity: line.quantity,
      totalAmount: line.totalAmount ?? Math.round(line.product.price * 100 * line.quantity) / 100,
    })),
    ...shipping,
    totalAmount: total,
    payAmount: total,
    status: 0,
    ...extra,
  };
}

const placeOrder = (token: string, body: object, headers: Record<string, string> = {}) =>
  post('/api/order', { token, json: body, headers });
const orderOf = async (token: string, ref: number | string): Promise<Order> =>
  expectOk(await get(`/api/order/${ref}`, { token }), orderDetailResponse).data.order;
const orderTotal = async (token: string) => expectOk(await get('/api/order/list', { token }), orderListResponse).data.total;
const stockOf = async (id: number) =>
  expectOk(await get(`/api/product/${id}`, { query: { _t: Date.now() } }), productDetailResponse).data.product.stock;

/** Waits until the adapter's shop snapshot (reloaded in the background after every sale) shows `stock`. */
const stockBecomes = (id: number, stock: number) =>
  eventually(async () => ((await stockOf(id)) === stock ? stock : undefined), { timeoutMs: 20_000, intervalMs: 250 });

describe('POST /api/order (product page → shipping form)', () => {
  it('creates a pending order priced from the catalogue and takes the stock', async () => {
    const paper = product('宣纸信笺');
    const stockBefore = await stockOf(paper.id);
    const response = await placeOrder(buyer.token, orderBody([{ product: paper, quantity: 2 }], { userId: buyer.id }));
    const { data, message } = expectOk(response, createOrderResponse);
    expect(message).toBe('下单成功');
    expect(data.totalAmount).toBe(90);
    expect(data.orderNo).toMatch(/^FY\d{20}$/);

    const order = await orderOf(buyer.token, data.orderId);
    expect(order).toMatchObject({
      id: data.orderId,
      orderNo: data.orderNo,
      orderNumber: data.orderNo,
      status: 0,
      statusText: '待支付',
      totalAmount: 90,
      payAmount: 90,
      ...shipping,
      paymentMethod: null,
      paidAt: null,
    });
    expect(order.orderItems).toEqual([
      expect.objectContaining({ productId: paper.id, productName: '宣纸信笺', price: 45, quantity: 2, totalAmount: 90 }),
    ]);
    expect(order.orderItems[0]!.productImage).toMatch(/^https?:\/\/.+\/uploads\//);
    // Held for 30 minutes, then cancelled and the stock returned.
    const held = Date.parse(order.expiresAt!) - Date.parse(order.createdAt);
    expect(held).toBeGreaterThan(29 * 60_000);
    expect(held).toBeLessThan(31 * 60_000);
    // The same order by its number.
    expect((await orderOf(buyer.token, data.orderNo)).id).toBe(data.orderId);
    await stockBecomes(paper.id, stockBefore - 2);
  });

  it('counts money in fen: 3 × 19.90 is 59.70, two lines add up exactly', async () => {
    const wallpaper = product('蔚县剪纸数字壁纸集');
    const cards = product('京剧脸谱数字卡牌');
    const body = orderBody([
      { product: wallpaper, quantity: 3 },
      { product: cards, quantity: 1 },
    ]);
    expect(body.totalAmount).toBe(89.6);
    const { data } = expectOk(await placeOrder(buyer.token, body), createOrderResponse);
    expect(data.totalAmount).toBe(89.6);
    const order = await orderOf(buyer.token, data.orderId);
    expect(order.orderItems.map((line) => [line.productName, line.quantity, line.totalAmount]).sort()).toEqual(
      [
        ['京剧脸谱数字卡牌', 1, 29.9],
        ['蔚县剪纸数字壁纸集', 3, 59.7],
      ].sort(),
    );
  });

  it('merges the same product on two lines into one line', async () => {
    const paper = product('宣纸信笺');
    const body = orderBody([
      { product: paper, quantity: 1 },
      { product: paper, quantity: 2 },
    ]);
    const { data } = expectOk(await placeOrder(buyer.token, body), createOrderResponse);
    expect(data.totalAmount).toBe(135);
    const order = await orderOf(buyer.token, data.orderId);
    expect(order.orderItems.map((line) => [line.productId, line.quantity, line.totalAmount])).toEqual([[paper.id, 3, 135]]);
  });

  it('refuses more than 50 lines in one order', async () => {
    const body = { ...shipping, orderItems: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1, quantity: 1 })) };
    expectError(await placeOrder(buyer.token, body), 400, '一次最多购买 50 种商品');
  });

  it('ignores a client-sent status: a new order is always pending', async () => {
    const { data } = expectOk(
      await placeOrder(buyer.token, orderBody([{ product: product('宣纸信笺'), quantity: 1 }], { status: 1 })),
      createOrderResponse,
    );
    expect((await orderOf(buyer.token, data.orderId)).status).toBe(0);
  });

  it('ignores unknown extra fields', async () => {
    const body = { ...orderBody([{ product: product('宣纸信笺'), quantity: 1 }]), coupon: 'FREE', discount: 100, admin: true };
    const { data } = expectOk(await placeOrder(buyer.token, body), createOrderResponse);
    expect(data.totalAmount).toBe(45);
  });

  it('refuses a tampered price, line total or order total with 409 and creates nothing', async () => {
    const paper = product('宣纸信笺');
    const before = await orderTotal(buyer.token);
    const cheap = await placeOrder(buyer.token, orderBody([{ product: paper, quantity: 1, price: 0.01, totalAmount: 0.01 }]));
    expectError(cheap, 409, '商品价格已更新，请刷新后重新下单');
    const line = await placeOrder(buyer.token, orderBody([{ product: paper, quantity: 2, totalAmount: 45 }]));
    expectError(line, 409, '订单金额与商品价格不符，请刷新后重新下单');
    const total = await placeOrder(buyer.token, { ...orderBody([{ product: paper, quantity: 1 }]), totalAmount: 1, payAmount: 1 });
    expectError(total, 409, '订单金额与商品价格不符，请刷新后重新下单');
    const pay = await placeOrder(buyer.token, { ...orderBody([{ product: paper, quantity: 1 }]), totalAmount: undefined, payAmount: 0 });
    expectError(pay, 409, '订单金额与商品价格不符，请刷新后重新下单');
    const negative = await placeOrder(buyer.token, orderBody([{ product: paper, quantity: 1, price: -45 }]));
    expectError(negative, 400, '金额不能为负数');
    expect(await orderTotal(buyer.token)).toBe(before);
  });

  it.each([
    [0, '购买数量至少为 1'],
    [-1, '购买数量至少为 1'],
    [1.5, '购买数量必须是整数'],
    ['2', '购买数量必须是数字'],
    [null, '购买数量必须是数字'],
  ])('refuses quantity %j with 400', async (quantity, message) => {
    const body = orderBody([{ product: product('宣纸信笺'), quantity: 1 }]);
    const response = await placeOrder(buyer.token, {
      ...body,
      totalAmount: undefined,
      payAmount: undefined,
      orderItems: [{ ...body.orderItems[0], quantity, totalAmount: undefined }],
    });
    expectError(response, 400, message);
  });

  it('answers a clear Chinese 4xx, never a 5xx, for a quantity of 10^9', async () => {
    const body = orderBody([{ product: product('宣纸信笺'), quantity: 1 }]);
    const response = await placeOrder(buyer.token, {
      ...body,
      totalAmount: undefined,
      payAmount: undefined,
      orderItems: [{ productId: product('宣纸信笺').id, quantity: 1_000_000_000 }],
    });
    // The contract's own limit (1,000,000 per line) answers before any stock is looked at.
    expectError(response, 400, '购买数量超出库存');
  });

  it('refuses more than the stock with 409 库存不足 and a sold-out product with 409 已售罄', async () => {
    const brush = product('徽笔书写套装');
    const stock = await stockOf(brush.id);
    const tooMany = await placeOrder(buyer.token, orderBody([{ product: brush, quantity: stock + 1 }]));
    expectError(tooMany, 409, '「徽笔书写套装」库存不足');
    const fan = product('苏绣团扇');
    expect(fan.stock).toBe(0);
    expectError(await placeOrder(buyer.token, orderBody([{ product: fan, quantity: 1 }])), 409, '「苏绣团扇」已售罄');
    // Nothing was taken.
    expect(await stockOf(brush.id)).toBe(stock);
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await placeOrder(buyer.token, { orderItems: [{ productId: 99999, quantity: 1 }], ...shipping });
    expectError(response, 404, '商品不存在或已下架（编号 99999）');
  });

  it.each([
    [{ shippingPhone: '12345678901' }, '请输入正确的手机号码'],
    [{ shippingPhone: '1380013800' }, '请输入正确的手机号码'],
    [{ shippingPhone: '' }, '请输入联系电话'],
    [{ shippingPhone: undefined }, '请输入联系电话'],
    [{ shippingName: '  ' }, '请输入收货人姓名'],
    [{ shippingName: undefined }, '请输入收货人姓名'],
    [{ shippingAddress: '' }, '请输入收货地址'],
    [{ orderItems: [] }, '订单中没有商品'],
  ])('validates the shipping form: %j', async (change, message) => {
    const response = await placeOrder(buyer.token, { ...orderBody([{ product: product('宣纸信笺'), quantity: 1 }]), ...change });
    expectError(response, 400, message);
  });

  it('needs a valid token', async () => {
    const body = orderBody([{ product: product('宣纸信笺'), quantity: 1 }]);
    expectError(await post('/api/order', { json: body }), 401, '请先登录');
    const expired = await signToken(buyer.id, { issuedAt: 1_700_000_000, expiresAt: 1_700_000_100 });
    expectError(await post('/api/order', { json: body, token: expired }), 401, '登录已过期，请重新登录');
  });

  it('refuses to order for another user (userId ≠ token user) with 403', async () => {
    const response = await placeOrder(buyer.token, orderBody([{ product: product('宣纸信笺'), quantity: 1 }], { userId: other.id }));
    expectError(response, 403, '无权访问或修改其他用户的数据');
  });
});

describe('Idempotency-Key on POST /api/order', () => {
  it('answers a replay with the first answer and creates one order', async () => {
    const before = await orderTotal(buyer.token);
    const key = `order-${uniqueSuffix(12)}`;
    const body = orderBody([{ product: product('桃花坞年画印制体验包'), quantity: 1 }]);
    const first = expectOk(await placeOrder(buyer.token, body, { 'idempotency-key': key }), createOrderResponse);
    const second = expectOk(await placeOrder(buyer.token, body, { 'idempotency-key': key }), createOrderResponse);
    expect(second.data).toEqual(first.data);
    expect(await orderTotal(buyer.token)).toBe(before + 1);
  });

  it('keeps one order when the same key arrives five times at once', async () => {
    const before = await orderTotal(buyer.token);
    const key = `burst-${uniqueSuffix(12)}`;
    const body = orderBody([{ product: product('桃花坞年画印制体验包'), quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(buyer.token, body, { 'idempotency-key': key })));
    const ids = answers.map((answer) => expectOk(answer, createOrderResponse).data.orderId);
    expect(new Set(ids).size).toBe(1);
    expect(await orderTotal(buyer.token)).toBe(before + 1);
  });

  it('scopes keys to the user: another user with the same key gets an order of their own', async () => {
    const key = `shared-${uniqueSuffix(12)}`;
    const body = orderBody([{ product: product('宣纸信笺'), quantity: 1 }]);
    const mine = expectOk(await placeOrder(buyer.token, body, { 'idempotency-key': key }), createOrderResponse);
    const theirs = expectOk(await placeOrder(other.token, body, { 'idempotency-key': key }), createOrderResponse);
    expect(theirs.data.orderId).not.toBe(mine.data.orderId);
  });

  it('refuses a malformed key with 400', async () => {
    const body = orderBody([{ product: product('宣纸信笺'), quantity: 1 }]);
    const before = await orderTotal(buyer.token);
    for (const key of ['has space', 'x'.repeat(101), 'a/b', 'semi;colon']) {
      const response = await placeOrder(buyer.token, body, { 'idempotency-key': key });
      expectError(response, 400, 'Idempotency-Key 格式无效（1–100 个字母、数字或 _-:.）');
    }
    expect(await orderTotal(buyer.token)).toBe(before);
  });
});

describe('POST /api/orders/create (quick buy)', () => {
  it('creates a pending order with id, orderNo and totalAmount', async () => {
    const kit = product('蔚县剪纸体验材料包');
    const { data } = expectOk(
      await post('/api/orders/create', {
        token: buyer.token,
        json: { userId: buyer.id, items: [{ productId: kit.id, quantity: 1, price: kit.price }] },
      }),
      quickOrderResponse,
    );
    expect(data.totalAmount).toBe(68);
    const order = await orderOf(buyer.token, data.id);
    expect(order).toMatchObject({ orderNo: data.orderNo, status: 0, shippingName: '', shippingPhone: '', shippingAddress: '' });
  });

  it('refuses another userId (403), a tampered price (409) and a missing token (401)', async () => {
    const kit = product('蔚县剪纸体验材料包');
    const items = [{ productId: kit.id, quantity: 1, price: kit.price }];
    expectError(
      await post('/api/orders/create', { token: buyer.token, json: { userId: other.id, items } }),
      403,
      '无权访问或修改其他用户的数据',
    );
    expectError(
      await post('/api/orders/create', { token: buyer.token, json: { items: [{ ...items[0], price: 1 }] } }),
      409,
      '商品价格已更新，请刷新后重新下单',
    );
    expectError(await post('/api/orders/create', { json: { items } }), 401, '请先登录');
    expectError(await post('/api/orders/create', { token: buyer.token, json: { items: [] } }), 400, '订单中没有商品');
  });
});

describe('paying an order', () => {
  const newOrder = async (token: string) =>
    expectOk(await placeOrder(token, orderBody([{ product: product('宣纸信笺'), quantity: 1 }])), createOrderResponse).data;

  it('marks a pending order paid; a second mock-pay is a 200 no-op', async () => {
    const { orderId } = await newOrder(buyer.token);
    const first = expectOk(await post(`/api/orders/${orderId}/mock-pay`, { token: buyer.token }), payResponse);
    expect(first.message).toBe('支付成功');
    expect(first.data.order).toMatchObject({ id: orderId, status: 1, statusText: '已支付', paymentMethod: 'mock' });
    expect(first.data.order.paidAt).not.toBeNull();
    const second = expectOk(await post(`/api/orders/${orderId}/mock-pay`, { token: buyer.token }), payResponse);
    expect(second.data.order).toMatchObject({ status: 1, paymentMethod: 'mock', paidAt: first.data.order.paidAt });
    expect((await orderOf(buyer.token, orderId)).status).toBe(1);
  });

  it('pays through the helper /api/payment/mock/{id} and by order number', async () => {
    const { orderId, orderNo } = await newOrder(buyer.token);
    const paid = expectOk(
      await post(`/api/payment/mock/${orderNo}`, { token: buyer.token, headers: { 'content-type': 'application/json' } }),
      payResponse,
    );
    expect(paid.data.order).toMatchObject({ id: orderId, status: 1 });
  });

  it('records the method on PUT /api/order/{id}/payment-status and validates the body', async () => {
    const { orderId } = await newOrder(buyer.token);
    expectError(
      await put(`/api/order/${orderId}/payment-status`, { token: buyer.token, json: { status: 2 } }),
      400,
      '只能把订单标记为已支付（status: 1）',
    );
    expectError(
      await put(`/api/order/${orderId}/payment-status`, { token: buyer.token, json: { status: 1, paymentMethod: 'bitcoin' } }),
      400,
      '支付方式只能是 alipay 或 wechat',
    );
    const paid = expectOk(
      await put(`/api/order/${orderId}/payment-status`, { token: buyer.token, json: { status: 1, paymentMethod: 'alipay' } }),
      payResponse,
    );
    expect(paid.data.order).toMatchObject({ status: 1, paymentMethod: 'alipay' });
  });

  it("answers 404 订单不存在 for another user's order and leaves it unpaid", async () => {
    const theirs = await newOrder(other.token);
    expectError(await post(`/api/orders/${theirs.orderId}/mock-pay`, { token: buyer.token }), 404, '订单不存在');
    expectError(await post(`/api/payment/mock/${theirs.orderNo}`, { token: buyer.token }), 404, '订单不存在');
    expectError(await put(`/api/order/${theirs.orderId}/payment-status`, { token: buyer.token, json: {} }), 404, '订单不存在');
    expectError(await get(`/api/order/${theirs.orderId}`, { token: buyer.token }), 404, '订单不存在');
    expectError(await get(`/api/order/${theirs.orderNo}`, { token: buyer.token }), 404, '订单不存在');
    expect((await orderOf(other.token, theirs.orderId)).status).toBe(0);
  });

  it('cancels an order past its hold time, returns the stock and refuses to pay it', async () => {
    // Bought nowhere else in the suite, so its stock moves only here.
    const pack = product('景泰蓝掐丝珐琅画材料包');
    const before = await stockOf(pack.id);
    const { orderId, orderNo } = expectOk(
      await placeOrder(buyer.token, orderBody([{ product: pack, quantity: 3 }])),
      createOrderResponse,
    ).data;
    await stockBecomes(pack.id, before - 3);
    // An editor (or the clock) moves the hold time into the past. Whoever cancels it (this payment, or the
    // minute cron first), paying it says why.
    await expireOrder(orderNo);
    expectError(await post(`/api/orders/${orderId}/mock-pay`, { token: buyer.token }), 409, '订单已超时取消，请重新下单');
    const order = await orderOf(buyer.token, orderId);
    expect(order).toMatchObject({ status: 2, statusText: '已取消' });
    expectError(await post(`/api/orders/${orderId}/mock-pay`, { token: buyer.token }), 409, '订单已超时取消，请重新下单');
    await stockBecomes(pack.id, before);
  });

  it('sweeps orders past their hold time when the list is read, and never touches paid ones', async () => {
    const pack = product('景泰蓝掐丝珐琅画材料包');
    const before = await stockOf(pack.id);
    const unpaid = expectOk(await placeOrder(buyer.token, orderBody([{ product: pack, quantity: 2 }])), createOrderResponse).data;
    const paid = expectOk(await placeOrder(buyer.token, orderBody([{ product: pack, quantity: 1 }])), createOrderResponse).data;
    expectOk(await post(`/api/orders/${paid.orderId}/mock-pay`, { token: buyer.token }), payResponse);
    await stockBecomes(pack.id, before - 3);
    await expireOrder(unpaid.orderNo);
    await expireOrder(paid.orderNo);
    const { records } = expectOk(await get('/api/order/list', { token: buyer.token, query: { size: 50 } }), orderListResponse).data;
    const statusOf = (id: number) => records.find((o) => o.id === id)?.status;
    expect(statusOf(unpaid.orderId)).toBe(2);
    expect(statusOf(paid.orderId)).toBe(1);
    await stockBecomes(pack.id, before - 1);
    expectError(await post(`/api/orders/${unpaid.orderId}/mock-pay`, { token: buyer.token }), 409, '订单已超时取消，请重新下单');
  });

  it('refuses malformed and unknown order ids', async () => {
    expectError(await post('/api/orders/abc/mock-pay', { token: buyer.token }), 400, '订单号无效');
    expectError(await get('/api/order/12345678901', { token: buyer.token }), 400, '订单号无效');
    expectError(await post('/api/orders/99999999/mock-pay', { token: buyer.token }), 404, '订单不存在');
    expectError(await post('/api/orders/1/mock-pay'), 401, '请先登录');
  });
});

describe('GET /api/order/list', () => {
  it("lists only the visitor's own orders, newest first, paged", async () => {
    const { data } = expectOk(await get('/api/order/list', { token: buyer.token, query: { page: 1, size: 3 } }), orderListResponse);
    expect(data.size).toBe(3);
    expect(data.records).toHaveLength(3);
    expect(data.total).toBeGreaterThan(3);
    expect(data.pages).toBe(Math.ceil(data.total / 3));
    const created = data.records.map((o) => Date.parse(o.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const theirs = expectOk(await get('/api/order/list', { token: other.token, query: { size: 50 } }), orderListResponse).data.records;
    const mine = new Set(data.records.map((o) => o.id));
    expect(theirs.some((o) => mine.has(o.id))).toBe(false);
  });

  it('refuses a page size above 50 and a missing token', async () => {
    expectError(await get('/api/order/list', { token: buyer.token, query: { size: 51 } }), 400, 'size 不能大于 50');
    expectError(await get('/api/order/list'), 401, '请先登录');
  });
});

describe('50 parallel buyers for the last few cups', () => {
  it('sells exactly the stock (accepted = stock, 409 for the rest), then stock 0', async () => {
    const cup = product('龙泉青瓷品茗杯');
    // Whatever earlier tests left; the seed has only a few of these cups.
    const stock = await stockOf(cup.id);
    expect(stock).toBeGreaterThan(0);
    expect(stock).toBeLessThanOrEqual(seedProduct('龙泉青瓷品茗杯').stock);
    const buyers: TestUser[] = [];
    for (let batch = 0; batch < 5; batch += 1) buyers.push(...(await Promise.all(Array.from({ length: 10 }, () => cmsUser('cup')))));
    const answers = await Promise.all(buyers.map((b) => placeOrder(b.token, orderBody([{ product: cup, quantity: 1 }]))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50 - stock);
    const orderIds = answers.filter((a) => a.status === 200).map((a) => expectOk(a, createOrderResponse).data.orderId);
    expect(new Set(orderIds).size).toBe(stock);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ code: 40900, data: null });
      expect(refused.body.message).toMatch(/^「龙泉青瓷品茗杯」(库存不足|已售罄)$/);
    }
    await stockBecomes(cup.id, 0);
    const late = await placeOrder(buyers[0]!.token, orderBody([{ product: cup, quantity: 1 }]));
    expectError(late, 409, '「龙泉青瓷品茗杯」已售罄');
  });
});

/** Moves an order's hold time into the past through Strapi's admin API, as an editor could. */
async function expireOrder(orderNo: string): Promise<void> {
  const token = await adminToken();
  const base = `${testEnv.cmsUrl}/content-manager/collection-types/api::order.order`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const found = await fetch(`${base}?filters[orderNo][$eq]=${orderNo}&page=1&pageSize=1`, { headers });
  const { results } = (await found.json()) as { results: Array<{ documentId: string }> };
  expect(results).toHaveLength(1);
  const updated = await fetch(`${base}/${results[0]!.documentId}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
  });
  expect(updated.status).toBe(200);
}

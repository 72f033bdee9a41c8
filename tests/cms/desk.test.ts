import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderResponse, orderDetailResponse, payResponse, productPageResponse } from '@feiyi/contract';
import type { DeskSummary } from '@feiyi/contract/desk';
import { cmsUser, expectOk, get, post } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';

// The admin home's 运营工作台 through the real admin API, as its widget calls it: a paid order counts today and shows in
// the shipping export (a CSV with a BOM that an RFC 4180 reader reads back with the Chinese consignee and address); an
// unpaid order near the end of its hold is listed as about to expire; the 内容编辑 gets 403 for both; a bad range is a
// Chinese 400; each export is in the audit trail.

const ORDERS = '/content-manager/collection-types/api::order.order';
const AUDIT = '/content-manager/collection-types/api::audit-entry.audit-entry';

let superAdmin: string;
let editor: string;
let operator: string;

/** RFC 4180 as spreadsheets read it: quoted fields may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += char;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

async function summary(token: string): Promise<DeskSummary> {
  const { status, body } = await adminRequest(token, 'GET', '/feiyi/desk/summary');
  expect(status).toBe(200);
  return body!.data as unknown as DeskSummary;
}

async function exportCsv(token: string, query = '') {
  const response = await fetch(`${testEnv.cmsUrl}/feiyi/desk/orders.csv${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function placeOrder(buyer: { token: string }, shipping: { shippingName: string; shippingAddress: string }) {
  const product = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records[0]!;
  const placed = expectOk(
    await post('/api/order', {
      token: buyer.token,
      json: { orderItems: [{ productId: product.id, quantity: 1 }], shippingPhone: '13500135002', ...shipping },
    }),
    createOrderResponse,
  ).data;
  return { ...placed, product };
}

async function documentIdOf(orderNo: string): Promise<string> {
  const { body } = await adminRequest(superAdmin, 'GET', `${ORDERS}?filters[orderNo][$eq]=${orderNo}&pageSize=1`);
  return (body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId;
}

beforeAll(async () => {
  [superAdmin, editor, operator] = [await adminToken(), await adminToken('editor'), await adminToken('operator')];
});

describe('the operators’ desk', () => {
  it('counts a paid order today and exports it for shipping with the Chinese consignee and address', async () => {
    const before = await summary(operator);
    expect(before.orders.days).toHaveLength(30);
    const buyer = await cmsUser('desk');
    const name = '欧阳·测试';
    const address = '浙江省杭州市上城区河坊街 1 号, "清河坊"\n2 楼';
    const placed = await placeOrder(buyer, { shippingName: name, shippingAddress: address });
    const paid = expectOk(await post(`/api/orders/${placed.orderId}/mock-pay`, { token: buyer.token }), payResponse).data.order;
    const paidFen = Math.round(placed.product.price * 100);

    const after = await summary(operator);
    expect(after.orders.today.count).toBe(before.orders.today.count + 1);
    expect(after.orders.today.amountFen).toBe(before.orders.today.amountFen + paidFen);
    expect(after.orders.total.count).toBe(before.orders.total.count + 1);
    expect(after.orders.days.at(-1)!.count).toBe(after.orders.today.count);
    expect(after.lowStock.threshold).toBe(5);
    for (const product of after.lowStock.products) expect(product.stock).toBeLessThanOrEqual(5);
    // The super admin sees the same desk.
    expect((await summary(superAdmin)).orders.today.count).toBe(after.orders.today.count);

    const exported = await exportCsv(operator);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('已支付订单_')}`);
    expect([...exported.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(exported.bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [headers, ...rows] = parseCsv(text.slice(1));
    expect(headers).toEqual(['订单号', '支付时间（北京时间）', '收货人', '电话', '收货地址', '商品明细', '实付金额（元）']);
    const row = rows.find((cells) => cells[0] === placed.orderNo);
    expect(row).toBeDefined();
    expect(row).toEqual([
      placed.orderNo,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      name,
      '13500135002',
      address,
      `${placed.product.name} × 1`,
      (paidFen / 100).toFixed(2),
    ]);
    const beijing = new Date(Date.parse(paid.paidAt!) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(row![1]).toBe(beijing);
    // Every exported row is a paid order: the unpaid ones are not shipped.
    expect(rows.every((cells) => cells.length === 7)).toBe(true);

    // The export is in the audit trail, with who and from where.
    const { body } = await adminRequest(superAdmin, 'GET', `${AUDIT}?filters[action][$eq]=导出订单&sort=id:DESC&pageSize=1`);
    const entry = (body as unknown as { results: Array<Record<string, string>> }).results[0]!;
    expect(entry).toMatchObject({
      action: '导出订单',
      actorEmail: testEnv.operatorEmail,
      actorRole: '运营',
      ip: '127.0.0.1',
      contentTypeName: '订单',
    });
    expect(entry.detail).toContain(`共 ${rows.length} 笔`);
  });

  it('lists an unpaid order near the end of its hold as about to expire', async () => {
    const buyer = await cmsUser('desk');
    const placed = await placeOrder(buyer, { shippingName: '待付甲', shippingAddress: '北京市东城区 1 号' });
    const documentId = await documentIdOf(placed.orderNo);
    const soon = new Date(Date.now() + 3 * 60_000).toISOString();
    expect((await adminRequest(superAdmin, 'PUT', `${ORDERS}/${documentId}`, { expiresAt: soon })).status).toBe(200);
    try {
      const { expiring } = await summary(operator);
      expect(expiring.withinMinutes).toBe(10);
      expect(expiring.orders.map((order) => order.orderNo)).toContain(placed.orderNo);
    } finally {
      // Ends the hold now and reads the order, which cancels it and returns its stock there and then (not at the next
      // sweep, in the middle of another file's stock counts).
      await adminRequest(superAdmin, 'PUT', `${ORDERS}/${documentId}`, { expiresAt: new Date(Date.now() - 1000).toISOString() });
      const read = expectOk(await get(`/api/order/${placed.orderId}`, { token: buyer.token }), orderDetailResponse).data.order;
      expect(read.status).toBe(2);
    }
  });

  it('refuses the 内容编辑 (403) and a bad range (400), in Chinese', async () => {
    const summaryAsEditor = await adminRequest(editor, 'GET', '/feiyi/desk/summary');
    expect(summaryAsEditor.status).toBe(403);
    const exportAsEditor = await fetch(`${testEnv.cmsUrl}/feiyi/desk/orders.csv`, { headers: { authorization: `Bearer ${editor}` } });
    expect(exportAsEditor.status).toBe(403);
    expect(((await exportAsEditor.json()) as { error: { message: string } }).error.message).toBe('只有运营与超级管理员可以导出订单');
    const anonymous = await fetch(`${testEnv.cmsUrl}/feiyi/desk/orders.csv`);
    expect(anonymous.status).toBe(401);

    for (const [query, message] of [
      ['?from=2026-11-02&to=2026-11-01', '开始日期不能晚于结束日期'],
      ['?from=2026/11/01', '开始日期应写成“年-月-日”，如 2026-11-01'],
      ['?to=2026-02-30', '结束日期应写成“年-月-日”，如 2026-11-01'],
      ['?from=2020-01-01&to=2026-01-01', '一次最多导出 366 天的订单，请缩小日期范围'],
    ] as const) {
      const { status, body } = await adminRequest(operator, 'GET', `/feiyi/desk/orders.csv${query}`);
      expect(status).toBe(400);
      expect((body as unknown as { error: { message: string } }).error.message).toBe(message);
    }
    // A range that holds nothing is an empty sheet, headers only.
    const empty = await exportCsv(operator, '?from=2020-01-01&to=2020-01-31');
    expect(empty.status).toBe(200);
    expect(parseCsv(new TextDecoder().decode(empty.bytes))).toHaveLength(1);
  });
});

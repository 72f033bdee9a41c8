import { beforeAll, describe, expect, it } from 'vitest';
import { bookingResponse, createOrderResponse, orderDetailResponse, productPageResponse, workshopsResponse } from '@feiyi/contract';
import { cmsUser, expectOk, get, post, type TestUser } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { cmsGet } from '../support/env.ts';

// The admin's roles through the real admin API, logged in as each demo account: 内容编辑 makes and
// publishes content but never reaches a visitor's record; 运营 reads the records, corrects a
// parcel's address and changes nothing else.

const collection = (uid: string) => `/content-manager/collection-types/${uid}`;
const USER_RECORDS = ['api::order.order', 'api::donation.donation', 'api::booking.booking'];

let superAdmin: string;
let editor: string;
let operator: string;
let buyer: TestUser;
let order: { orderId: number | string; orderNo: string; documentId: string; price: number };
let booking: { bookingNo: string; documentId: string };

async function findDocument(token: string, uid: string, field: string, value: string) {
  const { status, body } = await adminRequest(token, 'GET', `${collection(uid)}?filters[${field}][$eq]=${value}&page=1&pageSize=1`);
  expect(status).toBe(200);
  const { results } = body as unknown as { results: Array<Record<string, unknown> & { documentId: string }> };
  expect(results).toHaveLength(1);
  return results[0]!;
}

beforeAll(async () => {
  [superAdmin, editor, operator] = [await adminToken(), await adminToken('editor'), await adminToken('operator')];
  buyer = await cmsUser('roles');
  const products = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
  const booklet = products.find((p) => p.name === '昆曲名段赏听手册')!;
  const created = expectOk(
    await post('/api/order', {
      token: buyer.token,
      json: {
        orderItems: [
          {
            productId: booklet.id,
            productName: booklet.name,
            productImage: booklet.coverImage,
            price: booklet.price,
            quantity: 1,
            totalAmount: booklet.price,
          },
        ],
        shippingName: '钱七',
        shippingPhone: '13500135000',
        shippingAddress: '江苏省苏州市平江路 1 号',
        totalAmount: booklet.price,
        payAmount: booklet.price,
        status: 0,
      },
    }),
    createOrderResponse,
  ).data;
  const listed = await findDocument(superAdmin, 'api::order.order', 'orderNo', created.orderNo);
  order = { orderId: created.orderId, orderNo: created.orderNo, documentId: listed.documentId, price: booklet.price };

  const workshop = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops[0]!;
  const booked = expectOk(
    await post(`/api/workshops/${workshop.id}/book`, {
      token: buyer.token,
      json: { participants: [{ name: '孙八', phone: '13400134000', idcard: '320502199202021236' }] },
    }),
    bookingResponse,
  ).data.booking;
  booking = {
    bookingNo: booked.bookingNo,
    documentId: (await findDocument(superAdmin, 'api::booking.booking', 'bookingNo', booked.bookingNo)).documentId,
  };
});

describe('the roles', () => {
  it('are 超级管理员, 内容编辑 and 运营, named and described in Chinese; Strapi’s English Editor and Author are gone', async () => {
    const { status, body } = await adminRequest(superAdmin, 'GET', '/admin/roles');
    expect(status).toBe(200);
    const roles = body!.data as unknown as Array<{ code: string; name: string; description: string }>;
    expect(roles.map((role) => role.name).sort()).toEqual(['内容编辑', '超级管理员', '运营'].sort());
    for (const role of roles) expect(role.description, role.name).toMatch(/^[^A-Za-z]+$/);
  });

  it('each demo account holds its role', async () => {
    for (const [token, name] of [
      [editor, '内容编辑'],
      [operator, '运营'],
    ] as const) {
      const { body } = await adminRequest(token, 'GET', '/admin/users/me');
      expect((body!.data as { roles: Array<{ name: string }> }).roles.map((role) => role.name)).toEqual([name]);
    }
  });
});

describe('内容编辑', () => {
  it('creates and publishes a culture item, which the public API then serves', async () => {
    const created = await adminRequest(editor, 'POST', collection('api::culture.culture'), {
      title: '内容编辑新建的条目',
      slug: `editor-role-${Date.now()}`,
      content: '内容编辑撰写的正文。',
    });
    expect(created.status).toBe(201);
    const documentId = String(created.body!.data!.documentId);
    const published = await adminRequest(editor, 'POST', `${collection('api::culture.culture')}/${documentId}/actions/publish`, {});
    expect(published.status).toBe(200);
    const { body } = await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}`, { token: null });
    expect((body.data as Array<{ title: string }>).map((culture) => culture.title)).toEqual(['内容编辑新建的条目']);
    expect((await adminRequest(editor, 'DELETE', `${collection('api::culture.culture')}/${documentId}`)).status).toBe(200);
  });

  it('uploads to and lists the media library', async () => {
    const { status } = await adminRequest(editor, 'GET', '/upload/files?page=1&pageSize=1');
    expect(status).toBe(200);
  });

  it('is refused every order, donation and booking: lists, documents, edits, configuration and the visitors themselves', async () => {
    for (const uid of USER_RECORDS) {
      expect((await adminRequest(editor, 'GET', `${collection(uid)}?page=1&pageSize=10`)).status, uid).toBe(403);
      expect((await adminRequest(editor, 'POST', collection(uid), {})).status, uid).toBe(403);
    }
    const orderDocument = `${collection('api::order.order')}/${order.documentId}`;
    expect((await adminRequest(editor, 'GET', orderDocument)).status).toBe(403);
    expect((await adminRequest(editor, 'PUT', orderDocument, { shippingAddress: '改' })).status).toBe(403);
    expect((await adminRequest(editor, 'GET', `${collection('api::booking.booking')}/${booking.documentId}`)).status).toBe(403);
    expect((await adminRequest(editor, 'GET', `${collection('plugin::users-permissions.user')}?page=1&pageSize=10`)).status).toBe(403);
  });

  it('gets nothing from the relation routes of a visitor’s record', async () => {
    const answers = [
      await adminRequest(editor, 'GET', '/content-manager/relations/api::order.order/user'),
      await adminRequest(editor, 'GET', `/content-manager/relations/api::order.order/${order.documentId}/user`),
      await adminRequest(editor, 'GET', `/content-manager/relations/api::booking.booking/${booking.documentId}/workshop`),
      await adminRequest(editor, 'GET', '/content-manager/relations/api::donation.donation/project'),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(403);
      expect(JSON.stringify(body)).not.toMatch(/钱七|孙八|13500135000|13400134000|平江路|昆曲/);
    }
    // The guard refuses only what the role may not read: a culture item's categories still list.
    const categories = await adminRequest(editor, 'GET', '/content-manager/relations/api::culture.culture/category?pageSize=20');
    expect(categories.status).toBe(200);
    expect(JSON.stringify(categories.body)).toContain('戏剧');
  });
});

describe('运营', () => {
  it('reads orders and bookings without phones, and donations and achievements', async () => {
    const listed = await findDocument(operator, 'api::order.order', 'orderNo', order.orderNo);
    expect(listed).toMatchObject({ orderNo: order.orderNo, shippingName: '钱七' });
    const { body: document } = await adminRequest(operator, 'GET', `${collection('api::order.order')}/${order.documentId}`);
    expect(document!.data).toMatchObject({ shippingAddress: '江苏省苏州市平江路 1 号' });
    expect(JSON.stringify(document)).not.toContain('13500135000');
    const { body: bookingDocument } = await adminRequest(operator, 'GET', `${collection('api::booking.booking')}/${booking.documentId}`);
    expect(JSON.stringify(bookingDocument)).toContain('孙八');
    expect(JSON.stringify(bookingDocument)).not.toContain('13400134000');
    for (const uid of ['api::donation.donation', 'api::achievement.achievement']) {
      expect((await adminRequest(operator, 'GET', `${collection(uid)}?page=1&pageSize=10`)).status, uid).toBe(200);
    }
  });

  it('corrects a shipping address but never an amount or the status', async () => {
    const orderDocument = `${collection('api::order.order')}/${order.documentId}`;
    // `status` in an admin body is Strapi's publish state: a number there is refused outright.
    expect((await adminRequest(operator, 'PUT', orderDocument, { status: 2 })).status).toBe(400);
    const updated = await adminRequest(operator, 'PUT', orderDocument, {
      payAmount: 0.01,
      totalAmount: 0.01,
      paidAt: new Date().toISOString(),
      expiresAt: new Date().toISOString(),
      shippingAddress: '江苏省苏州市平江路 2 号',
    });
    expect(updated.status).toBe(200);
    const seen = expectOk(await get(`/api/order/${order.orderId}`, { token: buyer.token }), orderDetailResponse).data.order;
    expect(seen).toMatchObject({
      status: 0,
      payAmount: order.price,
      totalAmount: order.price,
      paidAt: null,
      shippingAddress: '江苏省苏州市平江路 2 号',
    });
  });

  it('creates and deletes no record, edits no booking or donation, and no content: not a culture item, not a product’s stock', async () => {
    expect((await adminRequest(operator, 'POST', collection('api::order.order'), { orderNo: 'HAND0002' })).status).toBe(403);
    expect((await adminRequest(operator, 'DELETE', `${collection('api::order.order')}/${order.documentId}`)).status).toBe(403);
    expect((await adminRequest(operator, 'PUT', `${collection('api::booking.booking')}/${booking.documentId}`, { count: 4 })).status).toBe(
      403,
    );
    const products = await cmsGet('/api/products?pagination[pageSize]=1');
    const product = (products.body.data as Array<{ documentId: string; stock: number }>)[0]!;
    expect((await adminRequest(operator, 'PUT', `${collection('api::product.product')}/${product.documentId}`, { stock: 0 })).status).toBe(
      403,
    );
    expect((await cmsGet(`/api/products/${product.documentId}`)).body.data).toMatchObject({ stock: product.stock });
    expect((await adminRequest(operator, 'GET', `${collection('api::culture.culture')}?page=1&pageSize=1`)).status).toBe(403);
    expect(
      (
        await adminRequest(operator, 'POST', collection('api::culture.culture'), {
          title: '运营不能建',
          slug: 'operator-x',
          content: '不行',
        })
      ).status,
    ).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { bookingResponse, createOrderResponse, orderDetailResponse, productPageResponse, workshopsResponse } from '@feiyi/contract';
import { cmsUser, expectOk, get, post, type TestUser } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';

// The visitors' records as the editors' admin reads them: the content-manager configuration the
// admin renders (labels, columns, read-only fields), the editor's own permissions, and what the
// admin's API lets an editor do to a real order and booking.

interface Metadata {
  edit: { label: string; editable: boolean; visible: boolean };
  list: { label: string };
}
interface ViewConfiguration {
  settings: { mainField: string };
  metadatas: Record<string, Metadata>;
  layouts: { list: string[] };
}
interface ConfigurationAnswer {
  contentType: ViewConfiguration;
  components: Record<string, ViewConfiguration>;
}

let editor: string;
const configuration = async (uid: string) => {
  const { status, body } = await adminRequest(editor, 'GET', `/content-manager/content-types/${uid}/configuration`);
  expect(status).toBe(200);
  return body!.data as unknown as ConfigurationAnswer;
};
const editable = (view: ViewConfiguration) =>
  Object.entries(view.metadatas)
    .filter(([, metadata]) => metadata.edit.editable)
    .map(([field]) => field)
    .sort();

beforeAll(async () => {
  editor = await adminToken();
});

describe('content-manager configuration of the visitors’ records', () => {
  it('orders: Chinese labels and columns; only the shipping name, address and hold time are editable', async () => {
    const { contentType, components } = await configuration('api::order.order');
    expect(contentType.settings.mainField).toBe('orderNo');
    // Not `status`: Strapi's admin shows its own publish state under that name (see admin-user-data.ts).
    expect(contentType.layouts.list).toEqual(['id', 'orderNo', 'user', 'payAmount', 'paidAt', 'cancelledAt', 'expiresAt', 'createdAt']);
    expect(contentType.metadatas.status!.edit).toMatchObject({
      label: '状态（0 待支付，1 已支付，2 已取消）',
      editable: false,
      visible: false,
    });
    expect(contentType.metadatas.paidAt!.list.label).toBe('支付时间');
    expect(contentType.metadatas.payAmount!.list.label).toBe('实付（元）');
    for (const field of [
      'orderNo',
      'user',
      'status',
      'kind',
      'items',
      'totalAmount',
      'payAmount',
      'paymentMethod',
      'paidAt',
      'cancelledAt',
    ]) {
      expect(contentType.metadatas[field]!.edit.editable, field).toBe(false);
    }
    expect(editable(contentType)).toEqual(['expiresAt', 'shippingAddress', 'shippingName']);
    const line = components['order.line']!;
    expect(line.settings.mainField).toBe('productName');
    expect(line.metadatas.price!.edit).toEqual(expect.objectContaining({ label: '单价（元）', editable: false }));
    expect(editable(line)).toEqual([]);
  });

  it('bookings: everything read-only, participants’ ID numbers labelled as masked', async () => {
    const { contentType, components } = await configuration('api::booking.booking');
    expect(contentType.settings.mainField).toBe('bookingNo');
    expect(contentType.layouts.list).toEqual(['id', 'bookingNo', 'user', 'workshop', 'count', 'amount', 'createdAt']);
    expect(contentType.metadatas.status!.edit).toMatchObject({ editable: false, visible: false });
    expect(contentType.metadatas.participants!.edit).toMatchObject({ label: '参与人', editable: false });
    expect(editable(contentType)).toEqual([]);
    const participant = components['booking.participant']!;
    expect(participant.metadatas.idcardMasked!.edit).toMatchObject({ label: '身份证号（已脱敏）', editable: false });
    expect(participant.metadatas.phone!.edit).toMatchObject({ label: '手机号', editable: false });
    expect(editable(participant)).toEqual([]);
  });

  it('donations: only the donor’s name is editable; achievements, favourites, follows and visits are read-only', async () => {
    const donation = (await configuration('api::donation.donation')).contentType;
    expect(donation.metadatas.amount!.edit).toMatchObject({ label: '金额（元）', editable: false });
    expect(editable(donation)).toEqual(['donorName']);
    for (const uid of [
      'api::achievement.achievement',
      'api::favourite.favourite',
      'api::follow.follow',
      'api::browse-record.browse-record',
    ]) {
      const { contentType } = await configuration(uid);
      expect(editable(contentType), uid).toEqual([]);
      expect(contentType.layouts.list[1], uid).toBe('user');
      expect(contentType.metadatas.user!.list.label, uid).toBe('用户');
    }
    const achievement = (await configuration('api::achievement.achievement')).contentType;
    expect(achievement.metadatas.currentValue!.edit.label).toBe('当前进度');
  });
});

interface Permission {
  action: string;
  subject: string | null;
  properties: { fields?: string[] };
}
const USER_DATA = [
  'api::order.order',
  'api::donation.donation',
  'api::booking.booking',
  'api::achievement.achievement',
  'api::favourite.favourite',
  'api::follow.follow',
  'api::browse-record.browse-record',
];
const explorer = (action: string) => `plugin::content-manager.explorer.${action}`;
const find = (permissions: Permission[], action: string, subject: string) =>
  permissions.find((p) => p.action === explorer(action) && p.subject === subject);

function expectUserDataRules(permissions: Permission[]) {
  for (const subject of USER_DATA) {
    expect(find(permissions, 'create', subject), subject).toBeUndefined();
    expect(find(permissions, 'read', subject), subject).toBeDefined();
  }
  expect(find(permissions, 'update', 'api::order.order')!.properties.fields!.sort()).toEqual([
    'expiresAt',
    'shippingAddress',
    'shippingName',
  ]);
  expect(find(permissions, 'update', 'api::donation.donation')!.properties.fields).toEqual(['donorName']);
  for (const subject of USER_DATA.slice(2)) expect(find(permissions, 'update', subject), subject).toBeUndefined();
  expect(find(permissions, 'read', 'api::order.order')!.properties.fields).not.toContain('shippingPhone');
  expect(find(permissions, 'read', 'api::order.order')!.properties.fields).toContain('items.price');
  expect(find(permissions, 'read', 'api::booking.booking')!.properties.fields).not.toContain('participants.phone');
  expect(find(permissions, 'read', 'api::booking.booking')!.properties.fields).toContain('participants.idcardMasked');
}

describe('admin permissions', () => {
  it('the super admin (the portal’s editor account) creates no visitor record, edits only the safe fields, never reads a phone', async () => {
    const { status, body } = await adminRequest(editor, 'GET', '/admin/users/me/permissions');
    expect(status).toBe(200);
    const permissions = body!.data as unknown as Permission[];
    expectUserDataRules(permissions);
    // Content stays fully the editors'.
    expect(find(permissions, 'create', 'api::culture.culture')).toBeDefined();
    expect(find(permissions, 'update', 'api::product.product')!.properties.fields).toContain('stock');
  });
  // The 内容编辑 and 运营 roles have their own rules: tests/cms/admin-roles.test.ts.
});

describe('a real order and booking through the admin API', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await cmsUser('admview');
  });
  const base = (uid: string) => `/content-manager/collection-types/${uid}`;
  const findDocument = async (uid: string, field: string, value: string) => {
    const { status, body } = await adminRequest(editor, 'GET', `${base(uid)}?filters[${field}][$eq]=${value}&page=1&pageSize=1`);
    expect(status).toBe(200);
    const { results } = body as unknown as { results: Array<Record<string, unknown> & { documentId: string }> };
    expect(results).toHaveLength(1);
    return results[0]!;
  };

  it('an order: no phone in the list or the document; status and amounts cannot be changed, the address can', async () => {
    const products = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records;
    const booklet = products.find((p) => p.name === '昆曲名段赏听手册')!;
    const order = expectOk(
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
          shippingName: '王五',
          shippingPhone: '13700137000',
          shippingAddress: '北京市东城区景山前街 4 号',
          totalAmount: booklet.price,
          payAmount: booklet.price,
          status: 0,
        },
      }),
      createOrderResponse,
    ).data;

    const listed = await findDocument('api::order.order', 'orderNo', order.orderNo);
    expect(JSON.stringify(listed)).not.toContain('13700137000');
    const { body: document } = await adminRequest(editor, 'GET', `${base('api::order.order')}/${listed.documentId}`);
    expect(document!.data).toMatchObject({ orderNo: order.orderNo, shippingName: '王五' });
    expect(document!.data).not.toHaveProperty('shippingPhone');

    const document_ = `${base('api::order.order')}/${listed.documentId}`;
    // `status` in an admin body is Strapi's publish state: a number there is refused outright.
    expect((await adminRequest(editor, 'PUT', document_, { status: 1 })).status).toBe(400);
    const updated = await adminRequest(editor, 'PUT', document_, {
      payAmount: 0.01,
      totalAmount: 0.01,
      paidAt: new Date().toISOString(),
      shippingAddress: '北京市东城区景山前街 4 号 故宫博物院',
    });
    expect(updated.status).toBe(200);
    const seen = expectOk(await get(`/api/order/${order.orderId}`, { token: buyer.token }), orderDetailResponse).data.order;
    expect(seen).toMatchObject({
      status: 0,
      payAmount: booklet.price,
      totalAmount: booklet.price,
      paidAt: null,
      shippingPhone: '13700137000',
    });
    expect(seen.shippingAddress).toBe('北京市东城区景山前街 4 号 故宫博物院');

    const created = await adminRequest(editor, 'POST', base('api::order.order'), {
      orderNo: 'HAND0001',
      status: 1,
      totalAmount: 1,
      payAmount: 1,
    });
    expect(created.status).toBe(403);
  });

  it('a booking: masked ID numbers, no phones, nothing to update', async () => {
    const workshop = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops[0]!;
    const booking = expectOk(
      await post(`/api/workshops/${workshop.id}/book`, {
        token: buyer.token,
        json: { participants: [{ name: '赵六', phone: '13600136000', idcard: '110105199001011232' }] },
      }),
      bookingResponse,
    ).data.booking;
    const listed = await findDocument('api::booking.booking', 'bookingNo', booking.bookingNo);
    const { body: document } = await adminRequest(editor, 'GET', `${base('api::booking.booking')}/${listed.documentId}`);
    const participants = (document!.data as { participants: Array<Record<string, unknown>> }).participants;
    expect(participants).toHaveLength(1);
    expect(participants[0]).toMatchObject({ name: '赵六', idcardMasked: '110105********1232' });
    expect(participants[0]).not.toHaveProperty('phone');
    expect(JSON.stringify(document)).not.toContain('13600136000');
    expect(JSON.stringify(document)).not.toContain('110105199001011232');

    const cancelled = await adminRequest(editor, 'PUT', `${base('api::booking.booking')}/${listed.documentId}`, { status: 'cancelled' });
    expect(cancelled.status).toBe(403);
    const created = await adminRequest(editor, 'POST', base('api::booking.booking'), { bookingNo: 'HAND0001', count: 1, amount: 1 });
    expect(created.status).toBe(403);
  });
});

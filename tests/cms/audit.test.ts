import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderResponse, productPageResponse } from '@feiyi/contract';
import { cmsUser, expectOk, get, post } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';

// The audit trail through the real admin API: 内容编辑 publishes, unpublishes and deletes a news item, 运营 corrects
// an order's address; the super admin reads who did each, when and from where, also after the item is gone, and
// can neither change nor delete an entry. Nobody else reads the trail.

const collection = (uid: string) => `/content-manager/collection-types/${uid}`;
const AUDIT = collection('api::audit-entry.audit-entry');

interface AuditRow {
  id: number;
  documentId: string;
  action: string;
  actorName: string;
  actorEmail: string;
  actorRole: string;
  ip: string;
  contentTypeName: string;
  targetTitle: string;
  detail: string | null;
  createdAt: string;
}

let superAdmin: string;
let editor: string;
let operator: string;

async function trailOf(documentId: string): Promise<AuditRow[]> {
  const { status, body } = await adminRequest(
    superAdmin,
    'GET',
    `${AUDIT}?filters[targetDocumentId][$eq]=${documentId}&sort=id:ASC&pageSize=50`,
  );
  expect(status).toBe(200);
  return (body as unknown as { results: AuditRow[] }).results;
}

beforeAll(async () => {
  [superAdmin, editor, operator] = [await adminToken(), await adminToken('editor'), await adminToken('operator')];
});

describe('the audit trail', () => {
  it('records an editor’s publish, unpublish and delete with who, when and from where, and keeps them after the delete', async () => {
    const started = Date.now();
    const news = collection('api::news-item.news-item');
    const title = `审计测试资讯${Date.now().toString(36)}`;
    const created = await adminRequest(editor, 'POST', news, { title, slug: `audit-${Date.now()}`, date: '2026-11-29' });
    expect(created.status).toBe(201);
    const documentId = String(created.body!.data!.documentId);
    expect((await adminRequest(editor, 'POST', `${news}/${documentId}/actions/publish`, {})).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${news}/${documentId}/actions/unpublish`, {})).status).toBe(200);
    expect((await adminRequest(editor, 'DELETE', `${news}/${documentId}`)).status).toBe(200);

    const trail = await trailOf(documentId);
    expect(trail.map((row) => row.action)).toEqual(['发布', '取消发布', '删除']);
    for (const row of trail) {
      expect(row).toMatchObject({
        actorEmail: testEnv.editorEmail,
        actorName: '演示编辑',
        actorRole: '内容编辑',
        ip: '127.0.0.1',
        contentTypeName: '资讯',
        targetTitle: title,
      });
      expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(started - 1000);
    }
  });

  it('records 运营’s correction of an order with the fields before and after', async () => {
    const buyer = await cmsUser('audit');
    const product = expectOk(await get('/api/product/page', { query: { size: 36 } }), productPageResponse).data.page.records[0]!;
    const placed = expectOk(
      await post('/api/order', {
        token: buyer.token,
        json: {
          orderItems: [{ productId: product.id, quantity: 1 }],
          shippingName: '审计甲',
          shippingPhone: '13500135001',
          shippingAddress: '浙江省杭州市上城区 1 号',
        },
      }),
      createOrderResponse,
    ).data;
    const listed = await adminRequest(
      superAdmin,
      'GET',
      `${collection('api::order.order')}?filters[orderNo][$eq]=${placed.orderNo}&pageSize=1`,
    );
    const documentId = (listed.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId;
    const corrected = await adminRequest(operator, 'PUT', `${collection('api::order.order')}/${documentId}`, {
      shippingAddress: '浙江省杭州市上城区 2 号',
    });
    expect(corrected.status).toBe(200);

    const trail = await trailOf(documentId);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: '更正订单',
      actorEmail: testEnv.operatorEmail,
      actorRole: '运营',
      contentTypeName: '订单',
      targetTitle: placed.orderNo,
      detail: '地址：浙江省杭州市上城区 1 号 → 浙江省杭州市上城区 2 号',
    });
  });

  it('is read by the super admin only, and changed or deleted by nobody', async () => {
    const { body } = await adminRequest(superAdmin, 'GET', `${AUDIT}?pageSize=1`);
    const entry = (body as unknown as { results: AuditRow[] }).results[0]!;
    expect(entry).toBeDefined();
    for (const token of [editor, operator]) {
      expect((await adminRequest(token, 'GET', `${AUDIT}?pageSize=1`)).status).toBe(403);
      expect((await adminRequest(token, 'GET', `${AUDIT}/${entry.documentId}`)).status).toBe(403);
    }
    expect((await adminRequest(superAdmin, 'PUT', `${AUDIT}/${entry.documentId}`, { action: '改' })).status).toBe(403);
    expect((await adminRequest(superAdmin, 'DELETE', `${AUDIT}/${entry.documentId}`)).status).toBe(403);
    expect((await adminRequest(superAdmin, 'POST', AUDIT, { action: '伪造' })).status).toBe(403);
    // The visitors' API has no route to it.
    const anonymous = await fetch(`${testEnv.cmsUrl}/api/audit-entries`);
    expect(anonymous.status).toBe(404);
  });
});

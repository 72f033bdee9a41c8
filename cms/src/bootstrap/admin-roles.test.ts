import { describe, expect, it } from 'vitest';
import { contentEditorPermissions, operatorPermissions, PUBLIC_CONTENT_TYPES } from './admin-roles';

const fieldsOf = (uid: string) =>
  uid === 'api::order.order'
    ? [
        'orderNo',
        'user',
        'status',
        'items.price',
        'totalAmount',
        'payAmount',
        'shippingName',
        'shippingPhone',
        'shippingAddress',
        'expiresAt',
      ]
    : uid === 'api::booking.booking'
      ? ['bookingNo', 'participants.name', 'participants.phone', 'participants.idcardMasked', 'amount']
      : ['title'];

describe('内容编辑 permissions', () => {
  const permissions = contentEditorPermissions(fieldsOf, (uid) => uid !== 'api::category.category');

  it('cover every public type, all fields, publish where drafts exist, and the media library', () => {
    const subjects = new Set(permissions.map((permission) => permission.subject).filter(Boolean));
    expect([...subjects].sort()).toEqual([...PUBLIC_CONTENT_TYPES].sort());
    expect(permissions).toContainEqual({
      action: 'plugin::content-manager.explorer.update',
      subject: 'api::culture.culture',
      properties: { fields: ['title'] },
    });
    expect(permissions.some((p) => p.action.endsWith('.publish') && p.subject === 'api::culture.culture')).toBe(true);
    expect(permissions.some((p) => p.action.endsWith('.publish') && p.subject === 'api::category.category')).toBe(false);
    expect(permissions.map((p) => p.action)).toContain('plugin::upload.assets.create');
  });

  it('never name a visitor record or the visitors themselves', () => {
    for (const uid of ['api::order.order', 'api::donation.donation', 'api::booking.booking', 'plugin::users-permissions.user']) {
      expect(
        permissions.filter((p) => p.subject === uid),
        uid,
      ).toEqual([]);
    }
  });
});

describe('运营 permissions', () => {
  const permissions = operatorPermissions(fieldsOf);

  it('read orders, donations, bookings and achievements without the hidden phones', () => {
    const reads = permissions.filter((p) => p.action.endsWith('.read'));
    expect(reads.map((p) => p.subject)).toEqual([
      'api::order.order',
      'api::donation.donation',
      'api::booking.booking',
      'api::achievement.achievement',
    ]);
    expect(reads[0]!.properties!.fields).not.toContain('shippingPhone');
    expect(reads[0]!.properties!.fields).toContain('payAmount');
    expect(reads[2]!.properties!.fields).toEqual(['bookingNo', 'participants.name', 'participants.idcardMasked', 'amount']);
  });

  it('update only an order’s shipping name and address; create, delete and publish nothing', () => {
    expect(permissions.filter((p) => !p.action.endsWith('.read'))).toEqual([
      {
        action: 'plugin::content-manager.explorer.update',
        subject: 'api::order.order',
        properties: { fields: ['shippingName', 'shippingAddress'] },
      },
    ]);
  });
});

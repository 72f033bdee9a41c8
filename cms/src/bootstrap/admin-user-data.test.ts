import { describe, expect, it } from 'vitest';
import { restrictUserDataPermissions, type PermissionLike } from './admin-user-data';

const explorer = (action: string, subject: string, fields?: string[] | null): PermissionLike => ({
  action: `plugin::content-manager.explorer.${action}`,
  subject,
  properties: fields === undefined ? {} : { fields },
});
const ORDER_FIELDS = [
  'orderNo',
  'user',
  'status',
  'items.price',
  'items.quantity',
  'totalAmount',
  'shippingName',
  'shippingPhone',
  'expiresAt',
];
const allFields = (uid: string) => (uid === 'api::order.order' ? ORDER_FIELDS : []);

describe('admin permissions on visitors’ records', () => {
  it('leaves the audit trail readable only: no create, update or delete, even for the super admin', () => {
    const audit = 'api::audit-entry.audit-entry';
    const restricted = restrictUserDataPermissions(
      [explorer('create', audit, null), explorer('read', audit, null), explorer('update', audit, null), explorer('delete', audit)],
      allFields,
    );
    expect(restricted).toEqual([explorer('read', audit, null)]);
  });

  it('drops create, keeps update to the editable fields and read to all but the phone', () => {
    const restricted = restrictUserDataPermissions(
      [
        explorer('create', 'api::order.order', ORDER_FIELDS),
        explorer('read', 'api::order.order', ORDER_FIELDS),
        explorer('update', 'api::order.order', ORDER_FIELDS),
        explorer('delete', 'api::order.order'),
      ],
      allFields,
    );
    expect(restricted).toEqual([
      explorer(
        'read',
        'api::order.order',
        ORDER_FIELDS.filter((field) => field !== 'shippingPhone'),
      ),
      explorer('update', 'api::order.order', ['shippingName', 'expiresAt']),
      explorer('delete', 'api::order.order'),
    ]);
  });

  it('leaves no update at all where nothing is editable, and hides the participants’ phones', () => {
    const fields = ['bookingNo', 'status', 'participants.name', 'participants.phone', 'participants.idcardMasked'];
    expect(
      restrictUserDataPermissions(
        [explorer('read', 'api::booking.booking', fields), explorer('update', 'api::booking.booking', fields)],
        allFields,
      ),
    ).toEqual([explorer('read', 'api::booking.booking', ['bookingNo', 'status', 'participants.name', 'participants.idcardMasked'])]);
  });

  it('reads "all fields" (null) as the type’s field list', () => {
    expect(restrictUserDataPermissions([explorer('read', 'api::order.order', null)], allFields)[0]!.properties!.fields).not.toContain(
      'shippingPhone',
    );
  });

  it('does not touch public content or other actions', () => {
    const culture = [explorer('create', 'api::culture.culture', ['title']), { action: 'plugin::upload.read' }];
    expect(restrictUserDataPermissions(culture, allFields)).toEqual(culture);
  });
});

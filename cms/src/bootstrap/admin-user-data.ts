import type { Core } from '@strapi/strapi';
import { COMMON, type Configuration } from './admin-labels';

/**
 * The visitors' records in the editors' admin. Editors see them with Chinese labels and useful list
 * columns, but money, stock, seats, payment state and achievements are the server's: every field
 * whose edit would make them disagree is read-only, nobody creates such a record by hand, and the
 * phone numbers (kept in full for the visitor's own orders and bookings) never reach the admin.
 * ID numbers are stored masked already (rules/masking.ts).
 */
interface UserDataType {
  labels: Record<string, string>;
  mainField?: string;
  list: string[];
  /** The only fields an editor may change; every other field is read-only. */
  editable: string[];
  /** Field paths the admin never receives (not even the super admin). */
  hidden: string[];
}

/**
 * Strapi 5's content-manager writes its own draft/publish `status` over a field of that name in
 * every answer (strapi/strapi#22201: `status` is reserved), so an order's or booking's status
 * would show blank in the edit view and as "published" in the list. It is left out of both views;
 * the list shows 支付时间 / 取消时间 instead, and the visitor-facing API is unaffected.
 */
const SHADOWED_BY_STRAPI = ['status'];

const SYSTEM_KEYS = { dedupeKey: '去重键（系统生成）', idempotencyKey: '幂等键（系统生成）' };

export const USER_DATA: Record<string, UserDataType> = {
  'api::order.order': {
    labels: {
      orderNo: '订单号',
      status: '状态（0 待支付，1 已支付，2 已取消）',
      kind: '下单方式（购物车或快速购买）',
      items: '明细',
      totalAmount: '总额（元）',
      payAmount: '实付（元）',
      shippingName: '收货人',
      shippingPhone: '电话',
      shippingAddress: '地址',
      paymentMethod: '支付方式',
      expiresAt: '保留至（过期未付则取消并归还库存）',
      paidAt: '支付时间',
      cancelledAt: '取消时间',
      ...SYSTEM_KEYS,
    },
    mainField: 'orderNo',
    list: ['orderNo', 'user', 'payAmount', 'paidAt', 'cancelledAt', 'expiresAt', 'createdAt'],
    // Correcting where a parcel goes, or ending a pending order's hold early (the expiry then
    // cancels it and returns the stock the usual way), changes no money and no stock.
    editable: ['shippingName', 'shippingAddress', 'expiresAt'],
    hidden: ['shippingPhone'],
  },
  'api::donation.donation': {
    labels: {
      project: '项目',
      projectPid: '项目编号',
      projectName: '项目名称',
      amount: '金额（元）',
      donorName: '捐赠人（捐赠人滚动表中脱敏显示）',
      ...SYSTEM_KEYS,
    },
    mainField: 'projectName',
    list: ['projectName', 'amount', 'donorName', 'user', 'createdAt'],
    editable: ['donorName'],
    hidden: [],
  },
  'api::booking.booking': {
    labels: {
      bookingNo: '预约号',
      workshop: '工坊',
      workshopPid: '工坊编号',
      participants: '参与人',
      count: '人数',
      amount: '金额（元）',
      status: '状态（待支付、已预约或已取消）',
      ...SYSTEM_KEYS,
    },
    mainField: 'bookingNo',
    list: ['bookingNo', 'user', 'workshop', 'count', 'amount', 'createdAt'],
    editable: [],
    hidden: ['participants.phone'],
  },
  'api::achievement.achievement': {
    labels: {
      achievementType: '成就',
      currentValue: '当前进度',
      targetValue: '目标',
      isCompleted: '已完成',
      completedAt: '完成时间',
      ...SYSTEM_KEYS,
    },
    list: ['user', 'achievementType', 'currentValue', 'targetValue', 'isCompleted', 'completedAt'],
    editable: [],
    hidden: [],
  },
  'api::favourite.favourite': {
    labels: { targetType: '类型', targetId: '对象编号', ...SYSTEM_KEYS },
    list: ['user', 'targetType', 'targetId', 'createdAt'],
    editable: [],
    hidden: [],
  },
  'api::follow.follow': {
    labels: { inheritorPid: '传承人编号', ...SYSTEM_KEYS },
    list: ['user', 'inheritorPid', 'createdAt'],
    editable: [],
    hidden: [],
  },
  'api::browse-record.browse-record': {
    labels: {
      browseType: '类型',
      browseId: '对象编号',
      browseTime: '浏览时间',
      ...SYSTEM_KEYS,
    },
    list: ['user', 'browseType', 'browseId', 'browseTime'],
    editable: [],
    hidden: [],
  },
};

/** The components inside those records: snapshots taken at ordering and booking, read-only throughout. */
const USER_DATA_COMPONENTS: Record<string, { labels: Record<string, string>; mainField: string }> = {
  'order.line': {
    labels: {
      productPid: '商品编号',
      productName: '商品名称',
      productImage: '商品图片',
      price: '单价（元）',
      quantity: '数量',
      totalAmount: '小计（元）',
    },
    mainField: 'productName',
  },
  'booking.participant': {
    labels: { name: '姓名', phone: '手机号', idcardMasked: '身份证号（已脱敏）' },
    mainField: 'name',
  },
};

/** Bump to apply changed labels, columns or read-only fields once more. */
const USER_DATA_VERSION = 2;
const EXPLORER = 'plugin::content-manager.explorer';
const READ_ONLY_TYPES = ['api::audit-entry.audit-entry'];
const RESTRICTED_ROLES = ['strapi-editor', 'strapi-author'];

export interface PermissionLike {
  action: string;
  subject?: string | null;
  properties?: { fields?: string[] | null } & Record<string, unknown>;
}

/**
 * An admin role's permissions with the user-data rules applied: no create, update only of the
 * editable fields (none left: no update at all), read of everything but the hidden fields.
 * `allFields` lists a type's field paths, for a permission that covers "all fields" (null).
 */
export function restrictUserDataPermissions<P extends PermissionLike>(
  permissions: readonly P[],
  allFields: (uid: string) => string[],
): P[] {
  return permissions.flatMap((permission): P[] => {
    // The audit trail is a record of what happened: read, never written, changed or deleted by hand (not even by the super admin).
    if (permission.subject && READ_ONLY_TYPES.includes(permission.subject))
      return permission.action === `${EXPLORER}.read` ? [permission] : [];
    const rules = permission.subject ? USER_DATA[permission.subject] : undefined;
    if (!rules) return [permission];
    const fields = () => permission.properties?.fields ?? allFields(permission.subject!);
    const withFields = (kept: string[]): P => ({ ...permission, properties: { ...permission.properties, fields: kept } });
    switch (permission.action) {
      case `${EXPLORER}.create`:
        return [];
      case `${EXPLORER}.update`: {
        const kept = fields().filter((field) => rules.editable.includes(field));
        return kept.length > 0 ? [withFields(kept)] : [];
      }
      case `${EXPLORER}.read`:
        return [withFields(fields().filter((field) => !rules.hidden.includes(field)))];
      default:
        return [permission];
    }
  });
}

interface AdminServices {
  role: {
    hooks: { willResetSuperAdminPermissions: { register(handler: (permissions: PermissionLike[]) => PermissionLike[]): void } };
    findOne(params: { code: string }): Promise<{ id: number } | null>;
    assignPermissions(roleId: number, permissions: PermissionLike[]): Promise<unknown>;
  };
  permission: { findMany(params: object): Promise<PermissionLike[]> };
  contentType: { getNestedFields(model: unknown, options: { components: unknown }): string[] };
}

function adminServices(strapi: Core.Strapi): AdminServices {
  return {
    role: strapi.service('admin::role') as unknown as AdminServices['role'],
    permission: strapi.service('admin::permission') as unknown as AdminServices['permission'],
    contentType: strapi.service('admin::content-type') as unknown as AdminServices['contentType'],
  };
}

/**
 * Strapi gives the super admin every permission again on each start; this hook (the one Strapi's
 * own i18n plugin uses to shape them) applies the user-data rules to that set. Called in register(),
 * before the admin's bootstrap resets the permissions.
 */
export function registerSuperAdminRestrictions(strapi: Core.Strapi) {
  const { role, contentType } = adminServices(strapi);
  role.hooks.willResetSuperAdminPermissions.register((permissions) =>
    restrictUserDataPermissions(permissions, (uid) =>
      contentType.getNestedFields(strapi.contentTypes[uid as keyof typeof strapi.contentTypes], { components: strapi.components }),
    ),
  );
}

/** Labels, list columns and read-only fields in the content-manager, and the same rules for the Editor and Author roles. */
export async function applyUserDataAdmin(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'core', name: 'portal' });
  if ((await store.get({ key: 'admin-user-data-version' })) === USER_DATA_VERSION) return;
  const contentManager = strapi.plugin('content-manager');
  const contentTypes = contentManager.service('content-types') as ConfigurationService;
  const components = contentManager.service('components') as ConfigurationService & {
    findComponent(uid: string): { uid: string } | undefined;
  };

  for (const [uid, rules] of Object.entries(USER_DATA)) {
    const contentType = contentTypes.findContentType?.(uid);
    if (!contentType) continue;
    const configuration = await contentTypes.findConfiguration(contentType);
    const attributes = Object.keys(strapi.contentTypes[uid as keyof typeof strapi.contentTypes].attributes);
    for (const [field, metadata] of Object.entries(configuration.metadatas)) {
      const label = rules.labels[field] ?? COMMON[field];
      if (label && metadata.edit) metadata.edit.label = label;
      if (label && metadata.list) metadata.list.label = label;
      if (metadata.edit && attributes.includes(field) && !rules.editable.includes(field)) metadata.edit.editable = false;
      if (metadata.edit && SHADOWED_BY_STRAPI.includes(field)) metadata.edit.visible = false;
    }
    if (rules.mainField && configuration.metadatas[rules.mainField]) configuration.settings.mainField = rules.mainField;
    configuration.layouts.list = ['id', ...rules.list.filter((field) => configuration.metadatas[field])];
    await contentTypes.updateConfiguration(contentType, pick(configuration));
  }

  for (const [uid, { labels, mainField }] of Object.entries(USER_DATA_COMPONENTS)) {
    const component = components.findComponent(uid);
    if (!component) continue;
    const configuration = await components.findConfiguration(component);
    for (const [field, metadata] of Object.entries(configuration.metadatas)) {
      if (labels[field] && metadata.edit) metadata.edit.label = labels[field];
      if (labels[field] && metadata.list) metadata.list.label = labels[field];
      if (metadata.edit) metadata.edit.editable = false;
    }
    configuration.settings.mainField = mainField;
    await components.updateConfiguration(component, pick(configuration));
  }

  const { role, permission, contentType } = adminServices(strapi);
  for (const code of RESTRICTED_ROLES) {
    const found = await role.findOne({ code });
    if (!found) continue;
    const current = await permission.findMany({ where: { role: { id: found.id } } });
    const restricted = restrictUserDataPermissions(current, (uid) =>
      contentType.getNestedFields(strapi.contentTypes[uid as keyof typeof strapi.contentTypes], { components: strapi.components }),
    );
    await role.assignPermissions(found.id, restricted);
  }
  await store.set({ key: 'admin-user-data-version', value: USER_DATA_VERSION });
}

interface ConfigurationService {
  findContentType?(uid: string): { uid: string } | undefined;
  findConfiguration(model: { uid: string }): Promise<Configuration>;
  updateConfiguration(model: { uid: string }, configuration: Configuration): Promise<unknown>;
}

const pick = ({ settings, metadatas, layouts }: Configuration): Configuration => ({ settings, metadatas, layouts });

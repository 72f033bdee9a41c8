import type { Core } from '@strapi/strapi';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from '../portal/public-content';
import { USER_DATA, type PermissionLike } from './admin-user-data';

/**
 * The admin's roles, in Chinese: 超级管理员 (Strapi's own, renamed), 内容编辑 (all public content and
 * media, no visitor record at all) and 运营 (the visitors' orders, donations, bookings and
 * achievements, read-only but for a parcel's address). Strapi's default Editor and Author roles go
 * (renamed instead when someone holds them). Names, descriptions and permissions are applied once per
 * ROLES_VERSION, so what a super admin changes later in the settings stays theirs.
 */
const ROLES_VERSION = 1;

export const SUPER_ADMIN = {
  name: '超级管理员',
  description: '管理全部内容、账号、角色与设置。访客的手机号从不显示；金额、库存与支付状态只读。',
};

export const CONTENT_EDITOR = {
  code: 'feiyi-content-editor',
  name: '内容编辑',
  description:
    '创建、编辑并发布全部公开内容（文化条目、名录、传承人、政策、资讯、商品、公益项目、工坊、专题页、首页编排）与媒体库中的文件；看不到订单、捐赠、预约等访客记录与其中的个人信息。',
};

export const OPERATOR = {
  code: 'feiyi-operator',
  name: '运营',
  description: '查看订单、捐赠、预约与成就（只读），可更正订单的收货人与收货地址；金额、库存与状态不可修改，不编辑网站内容。',
};

/** Strapi's default roles, when an account still holds them (otherwise they are deleted). */
const LEGACY_ROLES: Record<string, { name: string; description: string }> = {
  'strapi-editor': { name: '编辑（旧角色）', description: '可管理并发布全部内容。新账号请改用“内容编辑”或“运营”。' },
  'strapi-author': { name: '作者（旧角色）', description: '只能管理自己创建的内容。新账号请改用“内容编辑”或“运营”。' },
};

const EXPLORER = 'plugin::content-manager.explorer';
export const PUBLIC_CONTENT_TYPES = [...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES].map((name) => `api::${name}.${name}`);

/** The visitors' records 运营 reads; the only fields it may change. */
export const OPERATOR_READS = ['api::order.order', 'api::donation.donation', 'api::booking.booking', 'api::achievement.achievement'];
export const OPERATOR_EDITABLE: Record<string, string[]> = { 'api::order.order': ['shippingName', 'shippingAddress'] };

/** Media library: everything an editor does with files, not its settings. */
const MEDIA_ACTIONS = [
  'plugin::upload.read',
  'plugin::upload.configure-view',
  'plugin::upload.assets.create',
  'plugin::upload.assets.update',
  'plugin::upload.assets.download',
  'plugin::upload.assets.copy-link',
];

/** 内容编辑: create, read, update, delete and publish every public type (all fields); no other subject at all. */
export function contentEditorPermissions(
  fieldsOf: (uid: string) => string[],
  hasDraftAndPublish: (uid: string) => boolean,
): PermissionLike[] {
  const explorer = PUBLIC_CONTENT_TYPES.flatMap((subject) => {
    const fields = fieldsOf(subject);
    const withFields = (action: string): PermissionLike => ({ action: `${EXPLORER}.${action}`, subject, properties: { fields } });
    return [
      withFields('create'),
      withFields('read'),
      withFields('update'),
      { action: `${EXPLORER}.delete`, subject, properties: {} },
      ...(hasDraftAndPublish(subject) ? [{ action: `${EXPLORER}.publish`, subject, properties: {} }] : []),
    ];
  });
  return [...explorer, ...MEDIA_ACTIONS.map((action) => ({ action, subject: null, properties: {} }))];
}

/** 运营: read the four record types (never a hidden field), update only an order's shipping name and address. */
export function operatorPermissions(fieldsOf: (uid: string) => string[]): PermissionLike[] {
  return OPERATOR_READS.flatMap((subject) => {
    const hidden = USER_DATA[subject]?.hidden ?? [];
    const read: PermissionLike = {
      action: `${EXPLORER}.read`,
      subject,
      properties: { fields: fieldsOf(subject).filter((field) => !hidden.includes(field)) },
    };
    const editable = OPERATOR_EDITABLE[subject];
    return editable ? [read, { action: `${EXPLORER}.update`, subject, properties: { fields: editable } }] : [read];
  });
}

interface Role {
  id: number;
  code: string;
  name: string;
}
interface RoleService {
  findOne(params: { code: string }): Promise<Role | null>;
  create(attributes: { name: string; code: string; description: string }): Promise<Role>;
  update(params: { id: number }, attributes: { name: string; description: string }): Promise<Role>;
  getUsersCount(roleId: number): Promise<number>;
  deleteByIds(ids: number[]): Promise<unknown>;
  getSuperAdmin(): Promise<Role | null>;
  assignPermissions(roleId: number, permissions: PermissionLike[]): Promise<unknown>;
}

export async function ensureAdminRoles(strapi: Core.Strapi) {
  const roles = strapi.service('admin::role') as unknown as RoleService;
  const contentType = strapi.service('admin::content-type') as unknown as {
    getNestedFields(model: unknown, options: { components: unknown }): string[];
  };
  const fieldsOf = (uid: string) =>
    contentType.getNestedFields(strapi.contentTypes[uid as keyof typeof strapi.contentTypes], { components: strapi.components });
  const hasDraftAndPublish = (uid: string) =>
    Boolean(strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.options?.draftAndPublish);

  const store = strapi.store({ type: 'core', name: 'portal' });
  const current = (await store.get({ key: 'admin-roles-version' })) === ROLES_VERSION;
  const wanted = [
    { ...CONTENT_EDITOR, permissions: () => contentEditorPermissions(fieldsOf, hasDraftAndPublish) },
    { ...OPERATOR, permissions: () => operatorPermissions(fieldsOf) },
  ];
  for (const { code, name, description, permissions } of wanted) {
    const found = await roles.findOne({ code });
    if (found && current) continue;
    const role = found ? await roles.update({ id: found.id }, { name, description }) : await roles.create({ name, code, description });
    await roles.assignPermissions(role.id, permissions());
  }
  if (current) return;

  const superAdmin = await roles.getSuperAdmin();
  if (superAdmin) await roles.update({ id: superAdmin.id }, SUPER_ADMIN);
  for (const [code, chinese] of Object.entries(LEGACY_ROLES)) {
    const legacy = await roles.findOne({ code });
    if (!legacy) continue;
    if ((await roles.getUsersCount(legacy.id)) === 0) await roles.deleteByIds([legacy.id]);
    else await roles.update({ id: legacy.id }, chinese);
  }
  await store.set({ key: 'admin-roles-version', value: ROLES_VERSION });
}

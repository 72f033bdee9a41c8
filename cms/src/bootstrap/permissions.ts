import type { Core } from '@strapi/strapi';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from '../portal/public-content';

/** Published content anyone may read through the content API. */
export const PUBLIC_READ_ACTIONS = [
  ...PUBLIC_COLLECTION_TYPES.flatMap((name) => [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`]),
  ...PUBLIC_SINGLE_TYPES.map((name) => `api::${name}.${name}.find`),
];

/**
 * A logged-in visitor may call the portal's own-data actions, which only ever act on the
 * authenticated user (ctx.state.user). Core CRUD on user data is granted to nobody.
 */
export const AUTHENTICATED_ACTIONS = [
  ...['listMine', 'findMine', 'payMine'].map((a) => `api::order.order.${a}`),
  ...['donateMine', 'listMine', 'achievementsMine'].map((a) => `api::donation.donation.${a}`),
  ...['checkMine', 'addMine', 'removeMine', 'listMine'].map((a) => `api::favourite.favourite.${a}`),
  ...['statusMine', 'followMine', 'unfollowMine', 'countMine', 'listMine'].map((a) => `api::follow.follow.${a}`),
  ...['recordMine', 'listMine'].map((a) => `api::browse-record.browse-record.${a}`),
  ...['bookMine', 'listMine'].map((a) => `api::booking.booking.${a}`),
  ...['me', 'update', 'stats'].map((a) => `api::profile.profile.${a}`),
];

/** Idempotently grants the given actions to a users-permissions role (by type: 'public', 'authenticated'). */
export async function grantRoleActions(strapi: Core.Strapi, roleType: string, actions: readonly string[]) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: roleType } });
  if (!role) throw new Error(`users-permissions role '${roleType}' is missing`);
  const existing = await strapi.db
    .query('plugin::users-permissions.permission')
    .findMany({ where: { role: role.id, action: { $in: [...actions] } }, select: ['action'] });
  const have = new Set(existing.map((permission: { action: string }) => permission.action));
  for (const action of actions) {
    if (!have.has(action)) {
      await strapi.db.query('plugin::users-permissions.permission').create({ data: { action, role: role.id } });
    }
  }
}

/** The visitors' roles in Chinese (the user edit view shows a visitor's role by name); a name changed by hand stays. */
const VISITOR_ROLES: Record<string, { english: string; name: string; description: string }> = {
  authenticated: {
    english: 'Authenticated',
    name: '已登录访客',
    description: '登录网站的访客：只读写自己的订单、捐赠、收藏、关注、浏览记录与预约。',
  },
  public: { english: 'Public', name: '未登录访客', description: '未登录的访客：只读已发布的公开内容。' },
};

export async function nameVisitorRoles(strapi: Core.Strapi) {
  for (const [type, { english, name, description }] of Object.entries(VISITOR_ROLES)) {
    await strapi.db.query('plugin::users-permissions.role').updateMany({ where: { type, name: english }, data: { name, description } });
  }
}

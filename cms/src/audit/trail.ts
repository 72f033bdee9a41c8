import type { Core } from '@strapi/strapi';
import { PUBLIC_CONTENT_TYPES } from '../bootstrap/admin-roles';

/**
 * The audit trail: who did what, when and from where, for the actions that change what visitors see or what leaves the
 * system (publish, unpublish, delete, schedules set, cancelled and carried out, restore from history, order corrections, exports). Each entry keeps
 * its own copy of the names (actor, type, title) and no relation, so it outlives the entry and the account it names.
 * Only the super admin reads it (admin-user-data.ts makes it read-only even for them).
 */
export const AUDIT_UID = 'api::audit-entry.audit-entry';

export const AUDIT_ACTIONS = {
  publish: '发布',
  unpublish: '取消发布',
  delete: '删除',
  schedule: '设置定时',
  cancelSchedule: '取消定时',
  scheduledPublish: '定时发布',
  scheduledUnpublish: '定时下线',
  restore: '从历史恢复',
  orderCorrection: '更正订单',
  export: '导出',
  orderExport: '导出订单',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditActor {
  name: string;
  email: string;
  role: string;
  ip: string;
}

interface AdminUser {
  id: number;
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
  email?: string;
  roles?: Array<{ name?: string }>;
}

/** The signed-in admin of the request being handled (content manager, admin API), with the address it came from. */
export function currentActor(strapi: Core.Strapi): AuditActor | undefined {
  const ctx = strapi.requestContext.get() as
    { state?: { user?: AdminUser; auth?: { strategy?: { name?: string } } }; request?: { ip?: string } } | undefined;
  const user = ctx?.state?.user;
  if (!user || ctx?.state?.auth?.strategy?.name !== 'admin') return undefined;
  return actorOf(user, ctx?.request?.ip ?? '');
}

export function actorOf(user: AdminUser, ip: string): AuditActor {
  const name = [user.firstname, user.lastname].filter(Boolean).join('') || user.username || user.email || `#${user.id}`;
  return { name, email: user.email ?? '', role: (user.roles ?? []).map((role) => role.name).join('、'), ip: ip.replace(/^::ffff:/, '') };
}

/** The system itself (a scheduled publish): no person, no address. */
export const SYSTEM_ACTOR: AuditActor = { name: '系统（定时任务）', email: '', role: '', ip: '' };

export function typeName(strapi: Core.Strapi, uid: string): string {
  const info = strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.info as { displayName?: string } | undefined;
  return info?.displayName ?? uid;
}

/** The field a type's entries are named by (culture items' title, products' name, the home's hero title). */
export function titleField(strapi: Core.Strapi, uid: string): string | undefined {
  const attributes = strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.attributes ?? {};
  return ['title', 'name', 'orderNo', 'heroTitle', 'serial'].find((field) => field in attributes);
}

export async function entryTitle(strapi: Core.Strapi, uid: string, documentId: string | undefined): Promise<string> {
  const field = titleField(strapi, uid);
  if (!field || !documentId) return '';
  const row = await strapi.db.query(uid).findOne({ where: { documentId }, select: [field], orderBy: { id: 'desc' } });
  return String((row as Record<string, unknown> | null)?.[field] ?? '');
}

export async function recordAudit(
  strapi: Core.Strapi,
  entry: { action: AuditAction; actor: AuditActor; uid?: string; documentId?: string; title?: string; detail?: string },
): Promise<void> {
  const { action, actor, uid, documentId, title, detail } = entry;
  await strapi.db.query(AUDIT_UID).create({
    data: {
      action: AUDIT_ACTIONS[action],
      actorName: actor.name.slice(0, 120),
      actorEmail: actor.email.slice(0, 200),
      actorRole: actor.role.slice(0, 120),
      ip: actor.ip.slice(0, 60),
      contentType: uid ?? null,
      contentTypeName: uid ? typeName(strapi, uid) : null,
      targetDocumentId: documentId ?? null,
      targetTitle: (title ?? '').slice(0, 300),
      detail: detail ?? null,
    },
  });
}

const PUBLIC = new Set(PUBLIC_CONTENT_TYPES);
const DOCUMENT_ACTIONS: Partial<Record<string, AuditAction>> = { publish: 'publish', unpublish: 'unpublish', delete: 'delete' };
/** An order's fields 运营 may correct, named as the admin names them. */
const ORDER_FIELDS: Record<string, string> = { shippingName: '收货人', shippingAddress: '地址', expiresAt: '保留至' };

/**
 * Records the admins' publishes, unpublishes and deletes of public content, and their corrections of orders, as the
 * document service carries them out (the content manager's buttons, bulk actions and the admin API alike). Actions
 * without a signed-in admin (the seed, scheduled publishes) record themselves where they happen, or not at all.
 */
export function registerAuditTrail(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context as { uid: string; action: string };
    const params = (context as { params?: { documentId?: string; data?: Record<string, unknown> } }).params ?? {};
    const audited = PUBLIC.has(uid)
      ? DOCUMENT_ACTIONS[action]
      : uid === 'api::order.order' && action === 'update'
        ? 'orderCorrection'
        : undefined;
    if (!audited) return next();
    const actor = currentActor(strapi);
    if (!actor) return next();
    const title = await entryTitle(strapi, uid, params.documentId);
    let detail: string | undefined;
    if (audited === 'orderCorrection') {
      const fields = Object.keys(ORDER_FIELDS).filter((field) => params.data && field in params.data);
      const before = (await strapi.db
        .query(uid)
        .findOne({ where: { documentId: params.documentId }, select: fields.length ? fields : ['id'] })) as Record<string, unknown> | null;
      const changes = fields.filter((field) => String(before?.[field] ?? '') !== String(params.data?.[field] ?? ''));
      if (changes.length === 0) return next();
      detail = changes
        .map((field) => `${ORDER_FIELDS[field]}：${String(before?.[field] ?? '（空）')} → ${String(params.data?.[field] ?? '（空）')}`)
        .join('\n');
    }
    const result = await next();
    await recordAudit(strapi, { action: audited, actor, uid, documentId: params.documentId, title, detail });
    return result;
  });
}

/**
 * The edit view's 历史版本 panel asks here (admin routes, the editor's own session): the versions of one entry, one
 * version compared field by field with the current draft, and restoring a version as a new draft. 内容编辑 and the
 * super admin may (whoever may update the type in the content manager); 运营 may not.
 */
import type { Core } from '@strapi/strapi';
import { currentActor, entryTitle, recordAudit } from '../audit/trail';
import {
  attributesOf,
  editedState,
  findVersion,
  HISTORY_TYPES,
  keepCount,
  latestVersion,
  listVersions,
  recordVersion,
  sameValue,
  snapshotOf,
  type MediaRef,
  type RelationRef,
  type Snapshot,
} from './versions';

interface Ctx {
  params: Record<string, string>;
  state: { userAbility?: { can(action: string, subject: string): boolean } };
  status: number;
  body: unknown;
}

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
export const beijingTime = (iso: string) => BEIJING.format(new Date(iso));
export const STATE_LABELS: Record<string, string> = { draft: '草稿', published: '已发布' };

function refuse(ctx: Ctx, status: number, message: string) {
  ctx.status = status;
  ctx.body = { data: null, error: { status, name: status === 403 ? 'ForbiddenError' : 'NotFoundError', message } };
}

const mayUse = (ctx: Ctx, uid: string) =>
  HISTORY_TYPES.has(uid) && ctx.state.userAbility?.can('plugin::content-manager.explorer.update', uid) === true;

async function labelsOf(strapi: Core.Strapi, uid: string): Promise<Record<string, string>> {
  const service = strapi.plugin('content-manager').service('content-types') as {
    findContentType(uid: string): { uid: string } | undefined;
    findConfiguration(contentType: { uid: string }): Promise<{ metadatas: Record<string, { edit?: { label?: string } }> }>;
  };
  const contentType = service.findContentType(uid);
  if (!contentType) return {};
  const { metadatas } = await service.findConfiguration(contentType);
  return Object.fromEntries(Object.entries(metadatas).map(([field, metadata]) => [field, metadata.edit?.label ?? field]));
}

/** Rich text compared as text: Markdown marks and HTML tags left out, whitespace made single. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

type Shown = { text: string } | { media: MediaRef[] };

function shown(type: string, value: unknown): Shown {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return type === 'media' ? { media: [] } : { text: '（空）' };
  }
  switch (type) {
    case 'relation':
      return { text: (Array.isArray(value) ? (value as RelationRef[]) : [value as RelationRef]).map((ref) => ref.name).join('、') };
    case 'media':
      return { media: Array.isArray(value) ? (value as MediaRef[]) : [value as MediaRef] };
    case 'richtext':
    case 'text':
      return { text: plainText(String(value)) };
    case 'boolean':
      return { text: value ? '是' : '否' };
    case 'component': {
      const items = Array.isArray(value) ? value : [value];
      return {
        text: items
          .map((item) =>
            Object.values(item as Record<string, unknown>)
              .filter((part) => part !== null && part !== '')
              .join(' · '),
          )
          .join('；'),
      };
    }
    default:
      return { text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
  }
}

/** The version's content as the document service takes it: relations by documentId, media by id, only what still exists. */
async function restoreData(strapi: Core.Strapi, uid: string, snapshot: Snapshot): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(attributesOf(strapi, uid))) {
    if (!(name in snapshot) || attribute.type === 'uid') continue;
    const value = snapshot[name];
    if (attribute.type === 'relation' && attribute.target) {
      const refs = value === null ? [] : Array.isArray(value) ? (value as RelationRef[]) : [value as RelationRef];
      const existing = await strapi.db.query(attribute.target).findMany({
        where: { documentId: { $in: refs.map((ref) => ref.documentId) } },
        select: ['documentId'],
      });
      const alive = new Set((existing as Array<{ documentId: string }>).map((row) => row.documentId));
      const ids = refs.map((ref) => ref.documentId).filter((id) => alive.has(id));
      data[name] = Array.isArray(value) ? ids : (ids[0] ?? null);
    } else if (attribute.type === 'media') {
      const refs = value === null ? [] : Array.isArray(value) ? (value as MediaRef[]) : [value as MediaRef];
      const existing = await strapi.db
        .query('plugin::upload.file')
        .findMany({ where: { id: { $in: refs.map((ref) => ref.id) } }, select: ['id'] });
      const alive = new Set((existing as Array<{ id: number }>).map((row) => row.id));
      const ids = refs.map((ref) => ref.id).filter((id) => alive.has(id));
      data[name] = Array.isArray(value) ? ids : (ids[0] ?? null);
    } else data[name] = value;
  }
  return data;
}

export function registerHistoryRoutes(strapi: Core.Strapi) {
  const info = { apiName: 'history', type: 'admin' };
  const config = { policies: ['admin::isAuthenticatedAdmin'] };
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi-history/entries/:uid/:documentId',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const { uid = '', documentId = '' } = ctx.params;
          if (!mayUse(ctx, uid)) return refuse(ctx, 403, '你的角色不能查看这类内容的历史版本');
          const labels = await labelsOf(strapi, uid);
          const rows = await listVersions(strapi, uid, documentId);
          ctx.body = {
            data: {
              keep: keepCount(),
              versions: rows.map((row) => ({
                id: row.id,
                state: row.state,
                stateLabel: STATE_LABELS[row.state] ?? row.state,
                actorName: row.actorName ?? '',
                createdAt: row.createdAt,
                time: beijingTime(row.createdAt),
                changed: (row.changedFields ?? []).map((field) => labels[field] ?? field),
                note: row.note ?? '',
              })),
            },
          };
        },
        config,
        info,
      },
      {
        method: 'GET',
        path: '/feiyi-history/versions/:id',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const version = await findVersion(strapi, Number(ctx.params.id));
          if (!version || !version.snapshot) return refuse(ctx, 404, '找不到这个历史版本');
          const uid = version.targetType;
          if (!mayUse(ctx, uid)) return refuse(ctx, 403, '你的角色不能查看这类内容的历史版本');
          const labels = await labelsOf(strapi, uid);
          const current = (await snapshotOf(strapi, uid, version.targetDocumentId, editedState(strapi, uid))) ?? {};
          const fields = Object.entries(attributesOf(strapi, uid))
            .filter(([name]) => name in version.snapshot!)
            .map(([name, attribute]) => {
              const then = version.snapshot![name] ?? null;
              const now = current[name] ?? null;
              return {
                name,
                label: labels[name] ?? name,
                type: attribute.type,
                changed: !sameValue(then, now),
                then: shown(attribute.type, then),
                now: shown(attribute.type, now),
              };
            });
          ctx.body = {
            data: {
              id: version.id,
              state: version.state,
              stateLabel: STATE_LABELS[version.state] ?? version.state,
              actorName: version.actorName ?? '',
              time: beijingTime(version.createdAt),
              fields,
            },
          };
        },
        config,
        info,
      },
      {
        method: 'POST',
        path: '/feiyi-history/versions/:id/restore',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const version = await findVersion(strapi, Number(ctx.params.id));
          if (!version || !version.snapshot) return refuse(ctx, 404, '找不到这个历史版本');
          const uid = version.targetType;
          if (!mayUse(ctx, uid)) return refuse(ctx, 403, '你的角色不能恢复这类内容的历史版本');
          const actor = currentActor(strapi);
          if (!actor) return refuse(ctx, 403, '请先登录内容后台');
          const documentId = version.targetDocumentId;
          const exists = await strapi.db.query(uid).findOne({ where: { documentId }, select: ['id'] });
          if (!exists) return refuse(ctx, 404, '这个条目已被删除，无法恢复它的历史版本');
          const before = await latestVersion(strapi, uid, documentId);
          const note = `从 ${beijingTime(version.createdAt)} 的${STATE_LABELS[version.state] ?? ''}版本恢复`;
          try {
            await strapi.documents(uid as never).update({ documentId, data: await restoreData(strapi, uid, version.snapshot) } as never);
          } catch (error) {
            ctx.status = 400;
            ctx.body = {
              data: null,
              error: { status: 400, name: 'ValidationError', message: `无法恢复这个版本：${(error as Error).message}` },
            };
            return;
          }
          // The save above kept its version (the document middleware); it is named as the restore. A restore that
          // changed nothing still leaves its mark.
          const after = await latestVersion(strapi, uid, documentId);
          if (after && after.id !== before?.id)
            await strapi.db.query('api::entry-version.entry-version').update({ where: { id: after.id }, data: { note } });
          else await recordVersion(strapi, { uid, documentId, state: editedState(strapi, uid), actor, note });
          await recordAudit(strapi, {
            action: 'restore',
            actor,
            uid,
            documentId,
            title: await entryTitle(strapi, uid, documentId),
            detail: note,
          });
          ctx.body = { data: { documentId, note } };
        },
        config,
        info,
      },
    ],
  });
}

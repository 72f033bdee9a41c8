/**
 * The edit view's 定时发布 panel and the admin home's list of schedules ask here (admin routes, the editor's own
 * session): an entry's schedules, setting one (a Beijing time, publish or unpublish), cancelling a pending one, and all
 * pending ones. Whoever may publish the type in the content manager may schedule it (内容编辑, 超级管理员); 运营 may not.
 * Only types with drafts can be scheduled: the others take effect on save.
 */
import type { Core } from '@strapi/strapi';
import { currentActor, entryTitle, recordAudit, typeName } from '../audit/trail';
import { PUBLIC_CONTENT_TYPES } from '../bootstrap/admin-roles';
import { leavePending } from './claim';
import { beijingMinute, checkScheduleRequest, conflictingSchedule, SCHEDULE_ACTIONS, SCHEDULE_STATES, type ScheduleState } from './rules';
import { claimNames, schedules, type ScheduleRow } from './runner';

interface Ctx {
  params: Record<string, string>;
  request: { body?: unknown };
  state: { userAbility?: { can(action: string, subject: string): boolean } };
  status: number;
  body: unknown;
}

const PUBLIC = new Set(PUBLIC_CONTENT_TYPES);
const PUBLISH = 'plugin::content-manager.explorer.publish';
const UPDATE = 'plugin::content-manager.explorer.update';

function refuse(ctx: Ctx, status: number, message: string) {
  const name = { 400: 'ValidationError', 403: 'ForbiddenError', 404: 'NotFoundError', 409: 'ConflictError' }[status] ?? 'ApplicationError';
  ctx.status = status;
  ctx.body = { data: null, error: { status, name, message } };
}

const hasDrafts = (strapi: Core.Strapi, uid: string) =>
  Boolean(strapi.contentTypes[uid as keyof typeof strapi.contentTypes]?.options?.draftAndPublish);
/** Whoever may publish the type; for a type without drafts (nothing to schedule), whoever may edit it is told so. */
const mayPublish = (strapi: Core.Strapi, ctx: Ctx, uid: string) =>
  PUBLIC.has(uid) && ctx.state.userAbility?.can(hasDrafts(strapi, uid) ? PUBLISH : UPDATE, uid) === true;

function present(strapi: Core.Strapi, row: ScheduleRow) {
  return {
    id: row.id,
    action: row.action,
    actionLabel: SCHEDULE_ACTIONS[row.action] ?? row.action,
    state: row.state,
    stateLabel: SCHEDULE_STATES[row.state as ScheduleState] ?? row.state,
    runAt: row.runAt,
    time: beijingMinute(row.runAt),
    actorName: row.actorName ?? '',
    outcome: row.outcome ?? '',
    finishedTime: row.finishedAt ? beijingMinute(row.finishedAt) : '',
    cancelledBy: row.cancelledBy ?? '',
    targetType: row.targetType,
    typeName: typeName(strapi, row.targetType),
    targetDocumentId: row.targetDocumentId,
    targetTitle: row.targetTitle ?? '',
  };
}

/** An entry's schedules: the pending ones (soonest first), then the last ten finished or cancelled. */
async function schedulesOf(strapi: Core.Strapi, uid: string, documentId: string): Promise<ScheduleRow[]> {
  const where = { targetType: uid, targetDocumentId: documentId };
  const [pending, past] = await Promise.all([
    schedules(strapi).findMany({ where: { ...where, state: { $in: ['pending', 'running'] } }, orderBy: [{ runAt: 'asc' }, { id: 'asc' }] }),
    schedules(strapi).findMany({ where: { ...where, state: { $notIn: ['pending', 'running'] } }, orderBy: { id: 'desc' }, limit: 10 }),
  ]);
  return [...(pending as ScheduleRow[]), ...(past as ScheduleRow[])];
}

export function registerScheduleRoutes(strapi: Core.Strapi) {
  const info = { apiName: 'schedule', type: 'admin' };
  const config = { policies: ['admin::isAuthenticatedAdmin'] };
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi-schedule/entries/:uid/:documentId',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const { uid = '', documentId = '' } = ctx.params;
          if (!mayPublish(strapi, ctx, uid)) return refuse(ctx, 403, '你的角色不能定时发布这类内容');
          if (!hasDrafts(strapi, uid)) {
            ctx.body = { data: { schedulable: false, schedules: [] } };
            return;
          }
          const rows = await schedulesOf(strapi, uid, documentId);
          ctx.body = { data: { schedulable: true, schedules: rows.map((row) => present(strapi, row)) } };
        },
        config,
        info,
      },
      {
        method: 'POST',
        path: '/feiyi-schedule/entries/:uid/:documentId',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const { uid = '', documentId = '' } = ctx.params;
          if (!mayPublish(strapi, ctx, uid)) return refuse(ctx, 403, '你的角色不能定时发布这类内容');
          if (!hasDrafts(strapi, uid)) return refuse(ctx, 400, '这类内容保存即生效，没有发布与下线，不能定时');
          const actor = currentActor(strapi);
          if (!actor) return refuse(ctx, 403, '请先登录内容后台');
          const request = checkScheduleRequest(ctx.request.body, new Date());
          if (!request.ok) return refuse(ctx, 400, request.message);
          const exists = await strapi.db.query(uid).findOne({ where: { documentId }, select: ['id'] });
          if (!exists) return refuse(ctx, 404, '找不到这个条目，它可能已被删除');
          const existing = conflictingSchedule(await schedulesOf(strapi, uid, documentId), request.action);
          if (existing)
            return refuse(
              ctx,
              409,
              `这个条目已有一个待执行的${SCHEDULE_ACTIONS[request.action]}（北京时间 ${beijingMinute(existing.runAt)}），请先取消它再设置新的时间`,
            );
          const title = await entryTitle(strapi, uid, documentId);
          const row = (await schedules(strapi).create({
            data: {
              targetType: uid,
              targetDocumentId: documentId,
              targetTitle: title.slice(0, 300),
              action: request.action,
              runAt: request.runAt,
              state: 'pending',
              actorName: actor.name.slice(0, 120),
              actorEmail: actor.email.slice(0, 200),
            },
          })) as ScheduleRow;
          await recordAudit(strapi, {
            action: 'schedule',
            actor,
            uid,
            documentId,
            title,
            detail: `${SCHEDULE_ACTIONS[request.action]}，北京时间 ${beijingMinute(request.runAt)}`,
          });
          ctx.status = 201;
          ctx.body = { data: present(strapi, row) };
        },
        config,
        info,
      },
      {
        method: 'POST',
        path: '/feiyi-schedule/schedules/:id/cancel',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const id = Number(ctx.params.id);
          const row = Number.isInteger(id) ? ((await schedules(strapi).findOne({ where: { id } })) as ScheduleRow | null) : null;
          if (!row) return refuse(ctx, 404, '找不到这个定时');
          if (!mayPublish(strapi, ctx, row.targetType)) return refuse(ctx, 403, '你的角色不能取消这类内容的定时');
          const actor = currentActor(strapi);
          if (!actor) return refuse(ctx, 403, '请先登录内容后台');
          // Conditional, like the runner's claim: a schedule the runner took a moment ago can no longer be cancelled.
          if (!(await leavePending(strapi.db.connection, claimNames(), id, 'cancelled'))) {
            const now = (await schedules(strapi).findOne({ where: { id } })) as ScheduleRow;
            return refuse(ctx, 409, `这个定时${SCHEDULE_STATES[now.state as ScheduleState] ?? now.state}，不能再取消`);
          }
          await schedules(strapi).update({ where: { id }, data: { cancelledBy: actor.name.slice(0, 120) } });
          await recordAudit(strapi, {
            action: 'cancelSchedule',
            actor,
            uid: row.targetType,
            documentId: row.targetDocumentId,
            title: row.targetTitle ?? '',
            detail: `${SCHEDULE_ACTIONS[row.action] ?? row.action}，原定北京时间 ${beijingMinute(row.runAt)}`,
          });
          const after = (await schedules(strapi).findOne({ where: { id } })) as ScheduleRow;
          ctx.body = { data: present(strapi, after) };
        },
        config,
        info,
      },
      {
        method: 'GET',
        path: '/feiyi-schedule/schedules',
        handler: async (koa: unknown) => {
          const ctx = koa as Ctx;
          const types = PUBLIC_CONTENT_TYPES.filter((uid) => hasDrafts(strapi, uid) && mayPublish(strapi, ctx, uid));
          if (types.length === 0) return refuse(ctx, 403, '你的角色不能查看定时发布');
          const [pending, recent] = await Promise.all([
            schedules(strapi).findMany({
              where: { targetType: { $in: types }, state: { $in: ['pending', 'running'] } },
              orderBy: [{ runAt: 'asc' }, { id: 'asc' }],
              limit: 100,
            }),
            schedules(strapi).findMany({
              where: { targetType: { $in: types }, state: { $in: ['done', 'failed'] } },
              orderBy: { finishedAt: 'desc' },
              limit: 5,
            }),
          ]);
          ctx.body = {
            data: {
              pending: (pending as ScheduleRow[]).map((row) => present(strapi, row)),
              recent: (recent as ScheduleRow[]).map((row) => present(strapi, row)),
            },
          };
        },
        config,
        info,
      },
    ],
  });
}

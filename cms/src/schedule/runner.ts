import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Core, UID } from '@strapi/strapi';
import { recordAudit, SYSTEM_ACTOR } from '../audit/trail';
import { recordVersion } from '../history/versions';
import { columnsOf, tableOf } from '../portal/db-names';
import { claimSchedule, type ClaimNames } from './claim';
import { beijingMinute, isStaleClaim, SCHEDULE_ACTIONS, type ScheduleAction } from './rules';

/**
 * Carries out the scheduled publishes and unpublishes. Schedules live in the database (api::publish-schedule), never in
 * a process's timers: every CMS process polls every 15 s for the due ones and claims each with one conditional UPDATE
 * (claim.ts), so a schedule survives restarts, runs within a minute of its time and runs once however many processes
 * there are. It runs through the document service like an editor's publish, so the adapter hears of it (entry.publish
 * → content-events.ts) and the site rebuilds as after any publish.
 */
export const SCHEDULE_UID = 'api::publish-schedule.publish-schedule';
export const POLL_INTERVAL_MS = 15_000;

export interface ScheduleRow {
  id: number;
  targetType: string;
  targetDocumentId: string;
  targetTitle: string | null;
  action: ScheduleAction;
  runAt: string;
  state: string;
  claimedBy: string | null;
  claimedAt: string | null;
  finishedAt: string | null;
  outcome: string | null;
  actorName: string | null;
  actorEmail: string | null;
  cancelledBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export const schedules = (strapi: Core.Strapi) => strapi.db.query(SCHEDULE_UID);

export function claimNames(): ClaimNames {
  const uid = SCHEDULE_UID as UID.Schema;
  return { table: tableOf(uid), ...columnsOf(uid, 'state', 'claimedBy', 'claimedAt') };
}

/** How late a run was, when it was: a schedule that fell due while no CMS ran is carried out at the next start. */
function lateness(runAt: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - runAt.getTime()) / 60_000);
  return minutes >= 2 ? `（内容后台当时未运行，推迟 ${minutes} 分钟执行）` : '';
}

async function carryOut(strapi: Core.Strapi, row: ScheduleRow): Promise<void> {
  const now = new Date();
  const uid = row.targetType;
  const documentId = row.targetDocumentId;
  const label = SCHEDULE_ACTIONS[row.action] ?? row.action;
  const finish = async (state: 'done' | 'failed', outcome: string) => {
    await schedules(strapi).update({ where: { id: row.id }, data: { state, outcome, finishedAt: new Date() } });
    await recordAudit(strapi, {
      action: row.action === 'publish' ? 'scheduledPublish' : 'scheduledUnpublish',
      actor: SYSTEM_ACTOR,
      uid,
      documentId,
      title: row.targetTitle ?? '',
      detail: `${outcome}\n由 ${row.actorName ?? '（未知）'} 设置，北京时间 ${beijingMinute(row.runAt)}`,
    });
  };
  const exists = await strapi.db.query(uid).findOne({ where: { documentId }, select: ['id'] });
  if (!exists) return finish('failed', `${label}未执行：这个条目已被删除`);
  try {
    if (row.action === 'publish') await strapi.documents(uid as never).publish({ documentId } as never);
    else await strapi.documents(uid as never).unpublish({ documentId } as never);
  } catch (error) {
    strapi.log.warn(`[schedule] ${row.action} of ${uid} ${documentId} failed: ${(error as Error).message}`);
    return finish('failed', `${label}失败：${(error as Error).message}`);
  }
  // The published version is kept in the entry's history, as an editor's publish is (the history's own middleware
  // only follows signed-in admins).
  if (row.action === 'publish')
    await recordVersion(strapi, { uid, documentId, state: 'published', actor: SYSTEM_ACTOR, note: '定时发布' }).catch((error: Error) =>
      strapi.log.warn(`[schedule] no history version kept: ${error.message}`),
    );
  await finish('done', `${label}已执行${lateness(new Date(row.runAt), now)}`);
}

/**
 * One pass: takes back claims of processes that died mid-run, then claims and carries out each due schedule, one at a
 * time (a process holds no claim it is not running, so one that stops between two leaves the next to the others).
 */
export async function runDueSchedules(strapi: Core.Strapi, owner: string, stopping: () => boolean = () => false): Promise<number> {
  const now = new Date();
  const names = claimNames();
  const stuck = (await schedules(strapi).findMany({ where: { state: 'running' }, limit: 20 })) as ScheduleRow[];
  const due = (await schedules(strapi).findMany({
    where: { state: 'pending', runAt: { $lte: now.toISOString() } },
    orderBy: [{ runAt: 'asc' }, { id: 'asc' }],
    limit: 20,
  })) as ScheduleRow[];
  const candidates = [
    ...stuck
      .filter((row) => isStaleClaim(row.claimedAt, now))
      .map((row) => ({ row, from: { state: 'running' as const, owner: row.claimedBy } })),
    ...due.map((row) => ({ row, from: { state: 'pending' as const } })),
  ];
  let ran = 0;
  for (const { row, from } of candidates) {
    if (stopping()) break;
    if (!(await claimSchedule(strapi.db.connection, names, row.id, owner, from))) continue;
    // A claimed row is finished even while the CMS stops: Strapi closes the database only after destroy() returns.
    await carryOut(strapi, row).catch((error: Error) => strapi.log.error(`[schedule] schedule ${row.id}: ${error.message}`));
    ran += 1;
  }
  return ran;
}

/** Polls every 15 s (the first time soon after start, for what fell due while no CMS ran); stop() waits for a pass under way. */
export function startScheduleRunner(strapi: Core.Strapi, intervalMs = POLL_INTERVAL_MS): { stop(): Promise<void> } {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 120);
  let stopping = false;
  let pass: Promise<void> | undefined;
  const tick = () => {
    if (stopping || pass) return;
    pass = runDueSchedules(strapi, owner, () => stopping)
      .then(
        (ran) => {
          if (ran > 0) strapi.log.info(`[schedule] carried out ${ran} scheduled publish(es)`);
        },
        (error: Error) => {
          strapi.log.warn(`[schedule] pass failed: ${error.message}`);
        },
      )
      .finally(() => {
        pass = undefined;
      });
  };
  const first = setTimeout(tick, 2_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearTimeout(first);
      clearInterval(timer);
      await pass;
    },
  };
}

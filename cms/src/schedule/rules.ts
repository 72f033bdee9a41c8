/**
 * The rules of a scheduled publish or unpublish, as pure functions: what an editor's request may ask for, how a Beijing
 * time is read, which states a schedule moves through. The admin routes (route.ts) and the runner (runner.ts) apply them.
 */

export const SCHEDULE_ACTIONS = { publish: '定时发布', unpublish: '定时下线' } as const;
export type ScheduleAction = keyof typeof SCHEDULE_ACTIONS;

/** pending → running (claimed by one process) → done | failed; pending → cancelled by an editor. */
export const SCHEDULE_STATES = {
  pending: '待执行',
  running: '正在执行',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
} as const;
export type ScheduleState = keyof typeof SCHEDULE_STATES;

/** How far ahead a schedule may be set: a year (a later date is more likely a typo than a plan). */
export const LONGEST_AHEAD_MS = 366 * 24 * 3600 * 1000;

/** Beijing has no daylight saving time: always UTC+8. */
const BEIJING_OFFSET = '+08:00';

/**
 * An editor's time as an instant. The edit view sends Beijing wall time (`2026-12-01T09:30`, seconds optional, a space
 * instead of the T allowed); a time with its own offset or `Z` is taken as it says. Anything else is not a time.
 */
export function parseBeijingTime(input: unknown): Date | undefined {
  if (typeof input !== 'string') return undefined;
  const text = input.trim().replace(' ', 'T');
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', zone] = match;
  // Reject what Date would quietly roll over (2 月 30 日, 24:00, 60 分).
  const wall = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  if (
    wall.getUTCFullYear() !== Number(year) ||
    wall.getUTCMonth() !== Number(month) - 1 ||
    wall.getUTCDate() !== Number(day) ||
    wall.getUTCHours() !== Number(hour) ||
    wall.getUTCMinutes() !== Number(minute) ||
    wall.getUTCSeconds() !== Number(second)
  )
    return undefined;
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone ?? BEIJING_OFFSET}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

export type ScheduleRequest = { ok: true; action: ScheduleAction; runAt: Date } | { ok: false; message: string };

/** Checks an editor's request to schedule: a known action and a valid time in the future, at most a year ahead. */
export function checkScheduleRequest(body: unknown, now: Date): ScheduleRequest {
  const { action, runAt } = (body && typeof body === 'object' ? body : {}) as { action?: unknown; runAt?: unknown };
  if (action !== 'publish' && action !== 'unpublish') return { ok: false, message: '请选择“定时发布”或“定时下线”' };
  if (runAt === undefined || runAt === null || runAt === '') return { ok: false, message: '请填写执行的时间（北京时间）' };
  const at = parseBeijingTime(runAt);
  if (!at) return { ok: false, message: '时间格式不正确，请填写有效的日期与时间，例如 2026-12-01 09:30（北京时间）' };
  if (at.getTime() <= now.getTime()) return { ok: false, message: '这个时间已经过去，请选择一个将来的时间' };
  if (at.getTime() - now.getTime() > LONGEST_AHEAD_MS) return { ok: false, message: '定时最多可提前一年设置' };
  return { ok: true, action, runAt: at };
}

/** An entry has at most one pending schedule per action: a second one is refused, the editor cancels or keeps the first. */
export function conflictingSchedule<T extends { action: string; state: string }>(existing: T[], action: ScheduleAction): T | undefined {
  return existing.find((schedule) => schedule.state === 'pending' && schedule.action === action);
}

/**
 * A claim older than this whose process never finished (it died mid-run) may be taken again. A publish takes seconds;
 * ten minutes is far beyond any run, so a slow run is never taken twice.
 */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

export function isStaleClaim(claimedAt: string | Date | null | undefined, now: Date): boolean {
  // Every claim writes its time (claim.ts); a running row without one is not this runner's to take.
  if (!claimedAt) return false;
  return now.getTime() - new Date(claimedAt).getTime() > STALE_CLAIM_MS;
}

const BEIJING = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 2026/12/01 09:30 (Beijing), as the panel and the audit trail show a schedule's time. */
export const beijingMinute = (at: string | Date) => BEIJING.format(new Date(at));

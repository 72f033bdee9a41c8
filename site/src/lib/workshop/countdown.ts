import { beijingParts, twoDigits } from '../format/beijing-time.ts';
import * as MESSAGES from '@feiyi/contract/messages';

/** The countdown text refreshes every 60 s. */
export const COUNTDOWN_REFRESH_MS = 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The countdown text of a workshop: '距开始还有 3 天 5 小时 20 分钟', leading zero units left out,
 * minutes rounded up (a start 30 s away still shows 1 分钟); '活动已开始或已结束' once the start is
 * reached.
 */
export function countdownText(startTime: string | Date, now: Date): string {
  const start = typeof startTime === 'string' ? new Date(startTime) : startTime;
  const left = start.getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return MESSAGES.workshop.ended;
  const totalMinutes = Math.ceil(left / MINUTE);
  const days = Math.floor(totalMinutes / (DAY / MINUTE));
  const hours = Math.floor((totalMinutes % (DAY / MINUTE)) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} 天`);
  if (days > 0 || hours > 0) parts.push(`${hours} 小时`);
  parts.push(`${minutes} 分钟`);
  return `距开始还有 ${parts.join(' ')}`;
}

/** Whether a workshop can still be booked at `now` (its start lies ahead). */
export function hasStarted(startTime: string | Date, now: Date): boolean {
  const start = typeof startTime === 'string' ? new Date(startTime) : startTime;
  return !(start.getTime() > now.getTime());
}

/** A workshop's start in Beijing time, whatever the visitor's zone: '2027年3月13日 周六 14:00'. */
export function formatStartTime(startTime: string): string {
  const parts = beijingParts(startTime);
  if (!parts) return '';
  return `${parts.year}年${parts.month}月${parts.day}日 ${parts.weekday} ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

import type { CalendarTable } from '../shell/calendar.ts';

/** A table as the build writes it; checked by hand (the nav is on every page, and zod is not in its first load). */
function readTable(value: unknown): CalendarTable | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { start, days } = value as Record<string, unknown>;
  if (typeof start !== 'string' || !/^\d{4}-\d{1,2}-\d{1,2}$/.test(start)) return undefined;
  if (!Array.isArray(days) || !days.every((day) => typeof day === 'string')) return undefined;
  return { start, days: days as string[] };
}

/**
 * The build's 农历 table (/calendar.json, a static file of the site, not an /api call): a few KB instead of
 * lunar-javascript. Undefined when it cannot be read; the nav then computes the date itself.
 */
export async function fetchCalendarTable(signal?: AbortSignal): Promise<CalendarTable | undefined> {
  try {
    const response = await fetch('/calendar.json', signal ? { signal } : {});
    return response.ok ? readTable(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

import { z } from 'zod';
import type { CalendarTable } from '../../islands/shell/calendar.ts';

const calendarTable = z.object({ start: z.string().regex(/^\d{4}-\d{1,2}-\d{1,2}$/), days: z.array(z.string()) });

/**
 * The build's 农历 table (/calendar.json, a static file of the site, not an /api call): a few KB instead of
 * lunar-javascript. Undefined when it cannot be read; the nav then computes the date itself.
 */
export async function fetchCalendarTable(signal?: AbortSignal): Promise<CalendarTable | undefined> {
  try {
    const response = await fetch('/calendar.json', signal ? { signal } : {});
    if (!response.ok) return undefined;
    const parsed = calendarTable.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

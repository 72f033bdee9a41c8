import type { APIRoute } from 'astro';
import { Solar } from 'lunar-javascript';
import { calendarTable } from '../lib/shell/calendar.ts';

/**
 * The nav's 农历 table, written at build time: from a week before the build to three years after it (the site is
 * rebuilt on every publish; a date outside the table falls back to loading lunar-javascript in the browser).
 */
export const GET: APIRoute = () => {
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
  const table = calendarTable(start, 7 + 3 * 366, (date) => Solar.fromDate(date).getLunar());
  return new Response(JSON.stringify(table), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};

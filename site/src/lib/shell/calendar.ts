/**
 * The nav's date line: solar date, weekday and time, the 农历 date, and today's 节气 or traditional festival.
 * Pure functions over what lunar-javascript reports, so they are tested without a clock.
 */
const WEEKDAYS = '日一二三四五六';
const pad = (n: number) => String(n).padStart(2, '0');

export function solarDate(date: Date): string {
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
}

export function weekday(date: Date): string {
  return `星期${WEEKDAYS[date.getDay()]}`;
}

export function clockTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The day key the 农历 line is computed for (it is recomputed when the day changes, not every second). */
export const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

export function lunarDate(monthInChinese: string, dayInChinese: string): string {
  return `农历${monthInChinese}月${dayInChinese}`;
}

/** Traditional festivals the nav names, in the words lunar-javascript uses for them. */
const FESTIVALS = ['春节', '元宵节', '端午节', '七夕节', '中秋节', '重阳节', '腊八节', '除夕'] as const;

export interface DayMark {
  /** What the nav shows: '端午节', '清明', '立夏'. */
  name: string;
  /** Candidate culture items to link, most specific first ('清明节' before '二十四节气'). */
  topics: string[];
}

/** Today's festival (first) or 节气, or undefined on an ordinary day. */
export function dayMark(festivals: readonly string[], jieQi: string): DayMark | undefined {
  const festival = festivals.find((name) => (FESTIVALS as readonly string[]).includes(name));
  if (festival) return { name: festival, topics: festival === '除夕' ? ['春节'] : [festival] };
  if (jieQi) return { name: jieQi, topics: jieQi === '清明' ? ['清明节', '二十四节气'] : ['二十四节气'] };
  return undefined;
}

/** The link for a mark: the first of its topics the site has a culture item for. */
export function markHref(mark: DayMark, links: Readonly<Record<string, string>>): string | undefined {
  for (const topic of mark.topics) if (links[topic]) return links[topic];
  return undefined;
}

/** The names whose culture items the build looks up for the nav. */
export const MARK_TOPICS = ['春节', '元宵节', '清明节', '端午节', '七夕节', '中秋节', '重阳节', '腊八节', '二十四节气'] as const;

/**
 * The 农历 of a run of days, computed at build time (src/pages/calendar.json.ts) so that visitors download a few KB
 * instead of lunar-javascript (≈ 100 KB gzip). One string per day: '月|日|festival|节气', e.g. '五|初五|端午节|'.
 */
export interface CalendarTable {
  /** The first day, as dayKey() writes it ('2026-11-24'). */
  start: string;
  days: string[];
}

/** What lunar-javascript says of one day, as the table keeps it. */
export interface LunarDay {
  getMonthInChinese(): string;
  getDayInChinese(): string;
  getFestivals(): string[];
  getJieQi(): string;
}

export function calendarEntry(lunar: LunarDay): string {
  const festival = lunar.getFestivals().find((name) => (FESTIVALS as readonly string[]).includes(name)) ?? '';
  return [lunar.getMonthInChinese(), lunar.getDayInChinese(), festival, lunar.getJieQi()].join('|');
}

/** The table for `count` days from `start` (local midnight), `lunarOf` giving each day's 农历. */
export function calendarTable(start: Date, count: number, lunarOf: (date: Date) => LunarDay): CalendarTable {
  const days: string[] = [];
  for (let i = 0; i < count; i += 1) {
    days.push(calendarEntry(lunarOf(new Date(start.getFullYear(), start.getMonth(), start.getDate() + i))));
  }
  return { start: dayKey(start), days };
}

/** Today's 农历 line from the table, or undefined when the date is outside it (then lunar-javascript is loaded). */
export function lunarFromTable(table: CalendarTable, date: Date): { text: string; mark: DayMark | undefined } | undefined {
  const [year, month, day] = table.start.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  const first = new Date(year, month - 1, day);
  const index = Math.round((new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() - first.getTime()) / 86_400_000);
  const entry = table.days[index];
  if (index < 0 || !entry) return undefined;
  const [lunarMonth = '', lunarDay = '', festival = '', jieQi = ''] = entry.split('|');
  return { text: lunarDate(lunarMonth, lunarDay), mark: dayMark(festival ? [festival] : [], jieQi) };
}

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

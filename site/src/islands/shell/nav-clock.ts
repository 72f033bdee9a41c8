/**
 * The nav's date line: date, weekday and a clock that ticks every second, then the 农历 line from the build's table
 * once the page is idle. Plain DOM over the header's static line: only the clock's own text changes each second.
 */
import { fetchCalendarTable } from '../../lib/api/calendar.ts';
import {
  type DayMark,
  clockTime,
  dayKey,
  dayMark,
  lunarDate,
  lunarFromTable,
  markHref,
  solarDate,
  weekday,
} from '../../lib/shell/calendar.ts';

interface LunarLine {
  text: string;
  mark: DayMark | undefined;
}

async function lunarOf(date: Date, signal: AbortSignal): Promise<LunarLine | undefined> {
  // The build's table first (a few KB); lunar-javascript (≈ 100 KB) only for a date outside it.
  const table = await fetchCalendarTable(signal);
  const fromTable = table && lunarFromTable(table, date);
  if (fromTable) return fromTable;
  const { Solar } = await import('lunar-javascript');
  const value = Solar.fromDate(date).getLunar();
  return { text: lunarDate(value.getMonthInChinese(), value.getDayInChinese()), mark: dayMark(value.getFestivals(), value.getJieQi()) };
}

export function setupNavClock(line: HTMLElement) {
  const solar = line.querySelector<HTMLElement>('[data-clock-date]');
  const day = line.querySelector<HTMLElement>('[data-clock-weekday]');
  const time = line.querySelector<HTMLTimeElement>('[data-clock-time]');
  const lunar = line.querySelector<HTMLElement>('[data-clock-lunar]');
  const mark = line.querySelector<HTMLElement>('[data-clock-mark]');
  if (!solar || !day || !time || !lunar || !mark) return;
  const links = JSON.parse(line.dataset.links ?? '{}') as Record<string, string>;
  let shownDay: string | undefined;
  let pending: AbortController | undefined;

  const showLunar = (value: LunarLine) => {
    lunar.textContent = value.text;
    lunar.hidden = false;
    mark.replaceChildren();
    if (!value.mark) return;
    const href = markHref(value.mark, links);
    const label = `今日${value.mark.name}`;
    const element = document.createElement(href ? 'a' : 'span');
    element.className = 'nav-clock-mark';
    element.textContent = label;
    if (element instanceof HTMLAnchorElement && href) {
      element.href = href;
      element.title = `今日${value.mark.name}：了解相关非遗`;
    }
    mark.append(element);
  };

  const tick = () => {
    const now = new Date();
    time.textContent = clockTime(now);
    time.dateTime = now.toISOString();
    const today = dayKey(now);
    if (today !== shownDay) {
      shownDay = today;
      solar.textContent = solarDate(now);
      day.textContent = weekday(now);
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      // The 农历 line waits for an idle moment: it is not part of the first screen's work.
      const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
      later(() => {
        void lunarOf(now, controller.signal)
          .then((value) => {
            if (value && !controller.signal.aborted) showLunar(value);
          })
          .catch(() => {
            // Without the 农历 line the clock still works.
          });
      });
    }
    window.setTimeout(tick, 1000 - now.getMilliseconds());
  };
  tick();
}

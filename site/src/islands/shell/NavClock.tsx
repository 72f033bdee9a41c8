import { useEffect, useState } from 'react';
import { fetchCalendarTable } from '../../lib/api/calendar.ts';
import { type DayMark, clockTime, dayKey, dayMark, lunarDate, lunarFromTable, markHref, solarDate, weekday } from './calendar.ts';

interface Props {
  /** Culture item links for festivals and 节气, found at build time ('端午节' → '/culture/item/70'). */
  links: Record<string, string>;
}

interface LunarLine {
  day: string;
  text: string;
  mark: DayMark | undefined;
}

/** Date, weekday and a clock that ticks every second; the 农历 line from the build's table once the page has painted. */
export default function NavClock({ links }: Props) {
  const [now, setNow] = useState<Date | undefined>(undefined);
  const [lunar, setLunar] = useState<LunarLine | undefined>(undefined);

  useEffect(() => {
    let timer: number | undefined;
    const tick = () => {
      const date = new Date();
      setNow(date);
      timer = window.setTimeout(tick, 1000 - date.getMilliseconds());
    };
    tick();
    return () => window.clearTimeout(timer);
  }, []);

  const today = now ? dayKey(now) : undefined;
  useEffect(() => {
    if (!today || lunar?.day === today) return;
    const controller = new AbortController();
    void (async () => {
      // The build's table first (a few KB); lunar-javascript (≈ 100 KB) only for a date outside it.
      const table = await fetchCalendarTable(controller.signal);
      const fromTable = table && lunarFromTable(table, new Date());
      if (fromTable) {
        if (!controller.signal.aborted) setLunar({ day: today, ...fromTable });
        return;
      }
      const { Solar } = await import('lunar-javascript');
      if (controller.signal.aborted) return;
      const value = Solar.fromDate(new Date()).getLunar();
      setLunar({
        day: today,
        text: lunarDate(value.getMonthInChinese(), value.getDayInChinese()),
        mark: dayMark(value.getFestivals(), value.getJieQi()),
      });
    })();
    return () => controller.abort();
  }, [today, lunar?.day]);

  if (!now) return <span className="nav-clock-placeholder" aria-hidden="true" />;
  const href = lunar?.mark ? markHref(lunar.mark, links) : undefined;
  return (
    <p className="nav-clock">
      <span>{solarDate(now)}</span>
      <span>{weekday(now)}</span>
      <time className="tabular-nums" dateTime={now.toISOString()} aria-label="当前时间">
        {clockTime(now)}
      </time>
      {lunar && <span>{lunar.text}</span>}
      {lunar?.mark &&
        (href ? (
          <a className="nav-clock-mark" href={href} title={`今日${lunar.mark.name}：了解相关非遗`}>
            今日{lunar.mark.name}
          </a>
        ) : (
          <span className="nav-clock-mark">今日{lunar.mark.name}</span>
        ))}
    </p>
  );
}

/**
 * Beijing time without time-zone data: China has kept UTC+8 all year since 1991, so a moment's Beijing clock is its
 * UTC clock moved 8 hours on. Creating an `Intl.DateTimeFormat` with `timeZone: 'Asia/Shanghai'` loads ICU's zone
 * data, ≈ 90 ms on a mid-range phone's main thread at the first page load; this costs nothing.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

export interface BeijingParts {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
  /** '周日' … '周六'. */
  weekday: (typeof WEEKDAYS)[number];
}

/** The Beijing calendar and clock of a moment; undefined when it is not a valid date. */
export function beijingParts(moment: Date | string | number): BeijingParts | undefined {
  const time = new Date(moment).getTime();
  if (Number.isNaN(time)) return undefined;
  const shifted = new Date(time + BEIJING_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: WEEKDAYS[shifted.getUTCDay()]!,
  };
}

/** Two digits: 5 → '05'. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');

import { Solar } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { calendarTable, clockTime, dayMark, lunarDate, lunarFromTable, markHref, solarDate, weekday } from './calendar.ts';

function markOn(y: number, m: number, d: number) {
  const lunar = Solar.fromYmd(y, m, d).getLunar();
  return dayMark(lunar.getFestivals(), lunar.getJieQi());
}

describe('nav date line', () => {
  it('writes the solar date, weekday and time', () => {
    const date = new Date(2026, 5, 19, 8, 5, 9);
    expect(solarDate(date)).toBe('2026年6月19日');
    expect(weekday(date)).toBe('星期五');
    expect(clockTime(date)).toBe('08:05:09');
  });

  it('writes the 农历 date', () => {
    const lunar = Solar.fromYmd(2026, 6, 19).getLunar();
    expect(lunarDate(lunar.getMonthInChinese(), lunar.getDayInChinese())).toBe('农历五月初五');
  });

  it('names festivals and 节气 from lunar-javascript', () => {
    expect(markOn(2026, 6, 19)).toEqual({ name: '端午节', topics: ['端午节'] });
    expect(markOn(2026, 2, 17)).toEqual({ name: '春节', topics: ['春节'] });
    expect(markOn(2026, 4, 5)).toEqual({ name: '清明', topics: ['清明节', '二十四节气'] });
    expect(markOn(2026, 5, 5)).toEqual({ name: '立夏', topics: ['二十四节气'] });
    expect(markOn(2026, 5, 12)).toBeUndefined();
  });

  it('links the most specific culture item the site has', () => {
    const links = { 二十四节气: '/culture/item/9' };
    expect(markHref({ name: '清明', topics: ['清明节', '二十四节气'] }, links)).toBe('/culture/item/9');
    expect(markHref({ name: '清明', topics: ['清明节', '二十四节气'] }, { ...links, 清明节: '/culture/item/3' })).toBe('/culture/item/3');
    expect(markHref({ name: '端午节', topics: ['端午节'] }, links)).toBeUndefined();
  });
});

describe('the build-time 农历 table', () => {
  const lunarOf = (date: Date) => Solar.fromDate(date).getLunar();
  const table = calendarTable(new Date(2026, 5, 1), 60, lunarOf);

  it('holds one entry per day from its first day', () => {
    expect(table.start).toBe('2026-6-1');
    expect(table.days).toHaveLength(60);
    expect(table.days[18]).toBe('五|初五|端午节|');
    expect(table.days[20]).toBe('五|初七||夏至');
  });

  it('answers what lunar-javascript answers, day by day, and nothing outside its days', () => {
    for (let i = 0; i < 60; i += 1) {
      const date = new Date(2026, 5, 1 + i, 23, 59);
      const lunar = lunarOf(date);
      expect(lunarFromTable(table, date)).toEqual({
        text: lunarDate(lunar.getMonthInChinese(), lunar.getDayInChinese()),
        mark: dayMark(lunar.getFestivals(), lunar.getJieQi()),
      });
    }
    expect(lunarFromTable(table, new Date(2026, 4, 31))).toBeUndefined();
    expect(lunarFromTable(table, new Date(2026, 6, 31))).toBeUndefined();
  });
});

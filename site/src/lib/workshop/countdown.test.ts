import { describe, expect, it } from 'vitest';
import { countdownText, formatStartTime, hasStarted } from './countdown.ts';

const start = '2027-03-13T14:00:00+08:00';
const at = (iso: string) => new Date(iso);

describe('countdownText', () => {
  it('counts days, hours and minutes to the start', () => {
    expect(countdownText(start, at('2027-03-10T08:40:00+08:00'))).toBe('距开始还有 3 天 5 小时 20 分钟');
  });
  it('keeps a zero hour between days and minutes', () => {
    expect(countdownText(start, at('2027-03-12T13:55:00+08:00'))).toBe('距开始还有 1 天 0 小时 5 分钟');
  });
  it('leaves out leading zero units', () => {
    expect(countdownText(start, at('2027-03-13T11:30:00+08:00'))).toBe('距开始还有 2 小时 30 分钟');
    expect(countdownText(start, at('2027-03-13T13:15:00+08:00'))).toBe('距开始还有 45 分钟');
  });
  it('rounds a part minute up, so a start ahead never reads 0 分钟', () => {
    expect(countdownText(start, at('2027-03-13T13:59:30+08:00'))).toBe('距开始还有 1 分钟');
  });
  it('says the activity has started or ended from the start on', () => {
    expect(countdownText(start, at('2027-03-13T14:00:00+08:00'))).toBe('活动已开始或已结束');
    expect(countdownText(start, at('2028-01-01T00:00:00+08:00'))).toBe('活动已开始或已结束');
  });
  it('treats an unreadable date as over rather than counting NaN', () => {
    expect(countdownText('not a date', at('2027-03-13T14:00:00+08:00'))).toBe('活动已开始或已结束');
  });
});

describe('hasStarted', () => {
  it('is false before the start and true from it on', () => {
    expect(hasStarted(start, at('2027-03-13T13:59:59+08:00'))).toBe(false);
    expect(hasStarted(start, at('2027-03-13T14:00:00+08:00'))).toBe(true);
  });
});

describe('formatStartTime', () => {
  it('shows the start in Beijing time whatever the zone of the offset', () => {
    expect(formatStartTime('2027-03-13T06:00:00Z')).toBe('2027年3月13日 周六 14:00');
    expect(formatStartTime(start)).toBe('2027年3月13日 周六 14:00');
  });
});

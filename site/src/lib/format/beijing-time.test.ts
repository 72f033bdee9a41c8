import { describe, expect, it } from 'vitest';
import { beijingParts, twoDigits } from './beijing-time.ts';

describe('beijingParts', () => {
  it('moves a UTC moment 8 hours on, across the day, month and year boundary', () => {
    expect(beijingParts('2026-12-31T16:05:00Z')).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 5, weekday: '周五' });
    expect(beijingParts('2026-11-23T06:05:00Z')).toEqual({ year: 2026, month: 11, day: 23, hour: 14, minute: 5, weekday: '周一' });
  });

  it('reads an offset given with the moment', () => {
    expect(beijingParts('2027-03-13T14:00:00+08:00')).toMatchObject({ year: 2027, month: 3, day: 13, hour: 14, weekday: '周六' });
  });

  it('agrees with Intl on Asia/Shanghai for a year of hours', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 3_600_000 + 60_000) {
      const parts = Object.fromEntries(intl.formatToParts(time).map((p) => [p.type, p.value]));
      const ours = beijingParts(time)!;
      expect([ours.year, ours.month, ours.day, ours.hour, ours.minute]).toEqual(
        [parts.year, parts.month, parts.day, parts.hour, parts.minute].map(Number),
      );
    }
  });

  it('is undefined for what is not a date', () => {
    expect(beijingParts('not a date')).toBeUndefined();
    expect(beijingParts(Number.NaN)).toBeUndefined();
  });
});

describe('twoDigits', () => {
  it('pads to two digits', () => {
    expect(twoDigits(5)).toBe('05');
    expect(twoDigits(23)).toBe('23');
  });
});

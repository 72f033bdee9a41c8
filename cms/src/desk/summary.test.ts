import { describe, expect, it } from 'vitest';
import { ORDER_HOLD_MS } from '../rules/order-number';
import {
  beijingDay,
  buildSeries,
  dayText,
  DESK_DAYS,
  deskDayStarts,
  EXPIRING_SOON_MS,
  EXPORT_MAX_DAYS,
  isExpiringSoon,
  parseExportRange,
} from './summary';

// 2026-11-29 08:30 Beijing time is 00:30 UTC; 2026-11-28 23:30 UTC is already the 29th in Beijing.
const NOW = new Date('2026-11-29T00:30:00Z');

describe('Beijing days', () => {
  it('counts days from Beijing midnight, not UTC midnight', () => {
    expect(dayText(beijingDay(NOW))).toBe('2026-11-29');
    expect(dayText(beijingDay(new Date('2026-11-28T16:00:00Z')))).toBe('2026-11-29');
    expect(dayText(beijingDay(new Date('2026-11-28T15:59:59.999Z')))).toBe('2026-11-28');
  });

  it('gives the desk’s 30 day starts, oldest first, the last one today at 00:00 Beijing', () => {
    const starts = deskDayStarts(NOW);
    expect(starts).toHaveLength(DESK_DAYS);
    expect(starts.at(-1)!.toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(starts[0]!.toISOString()).toBe('2026-10-30T16:00:00.000Z');
  });
});

describe('the desk’s series', () => {
  it('fills every day, puts each bucket on its day and totals today and the window', () => {
    const series = buildSeries(
      [
        { index: 0, count: 2, amountFen: 1990 },
        { index: 29, count: 3, amountFen: 5970 },
        { index: 29, count: 1, amountFen: 10 },
        { index: 30, count: 9, amountFen: 9 },
      ],
      NOW,
    );
    expect(series.days).toHaveLength(30);
    expect(series.days[0]).toEqual({ day: '2026-10-31', count: 2, amountFen: 1990 });
    expect(series.days[29]).toEqual({ day: '2026-11-29', count: 4, amountFen: 5980 });
    expect(series.days[10]).toEqual({ day: '2026-11-10', count: 0, amountFen: 0 });
    expect(series.today).toEqual({ count: 4, amountFen: 5980 });
    expect(series.total).toEqual({ count: 6, amountFen: 7970 });
  });
});

describe('orders about to expire', () => {
  const pendingUntil = (ms: number) => ({ status: 0, expiresAt: new Date(NOW.getTime() + ms).toISOString() });

  it('are unpaid orders in the last third of their hold', () => {
    expect(EXPIRING_SOON_MS).toBe(ORDER_HOLD_MS / 3);
    expect(isExpiringSoon(pendingUntil(60_000), NOW)).toBe(true);
    expect(isExpiringSoon(pendingUntil(EXPIRING_SOON_MS), NOW)).toBe(true);
    expect(isExpiringSoon(pendingUntil(EXPIRING_SOON_MS + 1), NOW)).toBe(false);
  });

  it('leave out expired, paid, cancelled and unlimited orders', () => {
    expect(isExpiringSoon(pendingUntil(0), NOW)).toBe(false);
    expect(isExpiringSoon(pendingUntil(-60_000), NOW)).toBe(false);
    expect(isExpiringSoon({ ...pendingUntil(60_000), status: 1 }, NOW)).toBe(false);
    expect(isExpiringSoon({ ...pendingUntil(60_000), status: 2 }, NOW)).toBe(false);
    expect(isExpiringSoon({ status: 0, expiresAt: null }, NOW)).toBe(false);
  });
});

describe('the export’s date range', () => {
  it('covers whole Beijing days, both ends included', () => {
    const range = parseExportRange({ from: '2026-11-01', to: '2026-11-02' }, NOW);
    expect(range).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      start: new Date('2026-10-31T16:00:00Z'),
      end: new Date('2026-11-02T16:00:00Z'),
    });
  });

  it('defaults to the desk’s 30 days', () => {
    expect(parseExportRange({}, NOW)).toMatchObject({ from: '2026-10-31', to: '2026-11-29' });
    expect(parseExportRange({ from: '', to: '2026-11-29' }, NOW)).toMatchObject({ from: '2026-10-31' });
    expect(parseExportRange({ from: '2026-11-29' }, NOW)).toMatchObject({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('refuses what is not a range, in Chinese', () => {
    expect(parseExportRange({ from: '2026/11/01' }, NOW)).toEqual({ error: '开始日期应写成“年-月-日”，如 2026-11-01' });
    expect(parseExportRange({ to: '2026-02-30' }, NOW)).toEqual({ error: '结束日期应写成“年-月-日”，如 2026-11-01' });
    expect(parseExportRange({ from: ['2026-11-01', '2026-11-02'] }, NOW)).toEqual({ error: '开始日期只能给一个' });
    expect(parseExportRange({ from: '2026-11-02', to: '2026-11-01' }, NOW)).toEqual({ error: '开始日期不能晚于结束日期' });
    expect(parseExportRange({ from: '2025-01-01', to: '2026-11-01' }, NOW)).toEqual({
      error: `一次最多导出 ${EXPORT_MAX_DAYS} 天的订单，请缩小日期范围`,
    });
  });
});

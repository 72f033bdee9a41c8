import { describe, expect, it } from 'vitest';
import {
  FAVOURITE_PAGE_SIZE,
  FOLLOW_FETCH_SIZE,
  HISTORY_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  browseTypeLabel,
  canPay,
  localHistoryPage,
  orderPageSize,
  orderStatusText,
  timeText,
} from './lists.ts';

describe('list sizes', () => {
  it('are the spec’s', () => {
    expect(FAVOURITE_PAGE_SIZE).toBe(6);
    expect(FOLLOW_FETCH_SIZE).toBe(20);
    expect(HISTORY_PAGE_SIZE).toBe(10);
    expect(ORDER_PAGE_SIZES).toEqual([10, 20, 30, 50]);
  });

  it('keeps the order page size to the offered ones', () => {
    expect(orderPageSize('30')).toBe(30);
    expect(orderPageSize(50)).toBe(50);
    expect(orderPageSize(40)).toBe(10);
    expect(orderPageSize('x')).toBe(10);
  });
});

describe('times', () => {
  it('are shown in Beijing time', () => {
    expect(timeText('2026-11-23T06:05:00.000Z')).toBe('2026-11-23 14:05');
    expect(timeText('2026-12-31T23:30:00+08:00')).toBe('2026-12-31 23:30');
  });

  it("read '未知时间' when missing or not a date", () => {
    for (const value of [undefined, null, '', 'yesterday', '2026-13-45T99:00:00Z']) expect(timeText(value)).toBe('未知时间');
  });
});

describe('labels', () => {
  it('name the browse types in Chinese', () => {
    expect(['culture', 'inheritor', 'event', 'product'].map(browseTypeLabel)).toEqual(['文化', '传承人', '活动', '商品']);
    expect(browseTypeLabel('other')).toBe('other');
  });

  it('name the order states', () => {
    expect([0, 1, 2].map(orderStatusText)).toEqual(['待支付', '已支付', '已取消']);
    expect(orderStatusText(7)).toBe('未知状态');
    expect(canPay({ status: 0 })).toBe(true);
    expect(canPay({ status: 1 })).toBe(false);
    expect(canPay({ status: 2 })).toBe(false);
  });
});

describe('the local history as a page', () => {
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 60 - n)).toISOString();
  const records = Array.from({ length: 23 }, (_, i) => ({
    browseType: i % 3 === 0 ? 'inheritor' : 'culture',
    browseId: i + 1,
    browseTime: at(i),
  }));

  it('gives 10 a page, newest first as stored', () => {
    const first = localHistoryPage(records, '', 1);
    expect(first).toMatchObject({ total: 23, current: 1, pages: 3 });
    expect(first.records.map((r) => r.browseId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(localHistoryPage(records, '', 3).records.map((r) => r.browseId)).toEqual([21, 22, 23]);
  });

  it('filters by type and keeps the page within range', () => {
    const inheritors = localHistoryPage(records, 'inheritor', 5);
    expect(inheritors).toMatchObject({ total: 8, current: 1, pages: 1 });
    expect(inheritors.records.every((r) => r.browseType === 'inheritor')).toBe(true);
    expect(localHistoryPage([], '', 2)).toEqual({ records: [], total: 0, current: 1, pages: 0 });
  });
});

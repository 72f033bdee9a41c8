import { describe, expect, it } from 'vitest';
import { beijingMinute, checkScheduleRequest, conflictingSchedule, isStaleClaim, parseBeijingTime, STALE_CLAIM_MS } from './rules';

const now = new Date('2026-11-29T06:00:00Z'); // 14:00 in Beijing

describe('scheduled publish rules', () => {
  it('reads a wall time as Beijing time, and a time with its own offset as it says', () => {
    expect(parseBeijingTime('2026-12-01T09:30')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(parseBeijingTime('2026-12-01 09:30:15')?.toISOString()).toBe('2026-12-01T01:30:15.000Z');
    expect(parseBeijingTime('2026-12-01T01:30:00.000Z')?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(parseBeijingTime('2026-12-01T09:30+09:00')?.toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });

  it('is not fooled by dates that roll over or by what is not a time', () => {
    for (const bad of ['2026-02-30T09:00', '2026-12-01T24:00', '2026-12-01T09:60', '明天上午', '', '2026-12-01', 1764550000000, null])
      expect(parseBeijingTime(bad)).toBeUndefined();
  });

  it('takes a known action and a future time within a year; refuses the rest in Chinese', () => {
    expect(checkScheduleRequest({ action: 'publish', runAt: '2026-11-29T14:01' }, now)).toMatchObject({ ok: true, action: 'publish' });
    expect(checkScheduleRequest({ action: 'unpublish', runAt: '2027-11-01T08:00' }, now)).toMatchObject({ ok: true, action: 'unpublish' });
    const refused = (body: unknown) => {
      const result = checkScheduleRequest(body, now);
      return result.ok ? '' : result.message;
    };
    expect(refused({ action: 'delete', runAt: '2026-12-01T09:30' })).toBe('请选择“定时发布”或“定时下线”');
    expect(refused({ action: 'publish' })).toBe('请填写执行的时间（北京时间）');
    expect(refused({ action: 'publish', runAt: '下周一' })).toMatch(/^时间格式不正确/);
    expect(refused({ action: 'publish', runAt: '2026-11-29T14:00' })).toBe('这个时间已经过去，请选择一个将来的时间');
    expect(refused({ action: 'publish', runAt: '2026-11-29T05:59:00Z' })).toBe('这个时间已经过去，请选择一个将来的时间');
    expect(refused({ action: 'publish', runAt: '2028-01-01T00:00' })).toBe('定时最多可提前一年设置');
    expect(refused(null)).toBe('请选择“定时发布”或“定时下线”');
  });

  it('allows one pending schedule per action and entry', () => {
    const existing = [
      { action: 'publish', state: 'done' },
      { action: 'unpublish', state: 'pending' },
    ];
    expect(conflictingSchedule(existing, 'publish')).toBeUndefined();
    expect(conflictingSchedule(existing, 'unpublish')).toBe(existing[1]);
  });

  it('takes back only a claim far older than any run', () => {
    expect(isStaleClaim(new Date(now.getTime() - 60_000), now)).toBe(false);
    expect(isStaleClaim(new Date(now.getTime() - STALE_CLAIM_MS - 1), now)).toBe(true);
    expect(isStaleClaim(null, now)).toBe(false);
  });

  it('shows a time as Beijing wall time to the minute', () => {
    expect(beijingMinute('2026-12-01T01:30:00.000Z')).toBe('2026/12/01 09:30');
  });
});

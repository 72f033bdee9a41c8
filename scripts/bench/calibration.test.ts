import { describe, expect, it } from 'vitest';
import { cpuIdleShare, cpuSlowdownFor, median, medianRow, parseCpuTimes } from './calibration.ts';

describe('the bench calibration', () => {
  it('divides the host down to a benchmarkIndex of 330', () => {
    expect(cpuSlowdownFor(1320)).toBe(4);
    expect(cpuSlowdownFor(3703)).toBe(11.22);
    expect(cpuSlowdownFor(1049)).toBe(3.18);
    expect(cpuSlowdownFor(330)).toBe(1);
  });

  it('keeps the multiplier within 1–12', () => {
    expect(cpuSlowdownFor(200)).toBe(1);
    expect(cpuSlowdownFor(5000)).toBe(12);
  });

  it('refuses an index that is not a positive number', () => {
    expect(() => cpuSlowdownFor(0)).toThrow();
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
  });

  it('takes medians', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, Number.NaN, 1, 3])).toBe(3);
    expect(median([])).toBeNaN();
  });

  it('takes a page row of medians field by field, keeping the rest of the first run', () => {
    const runs = [
      { page: '/', performance: 90, tbtMs: 300, lost: ['a'] },
      { page: '/', performance: 80, tbtMs: 100, lost: [] },
      { page: '/', performance: 95, tbtMs: 200, lost: [] },
    ];
    expect(medianRow(runs)).toEqual({ page: '/', performance: 90, tbtMs: 200, lost: ['a'] });
  });

  it('reads the idle share of the CPU from /proc/stat between two readings', () => {
    const before = parseCpuTimes('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n');
    expect(before).toEqual({ idle: 850, total: 1000 });
    // 200 ticks pass: 20 user, 10 system, 170 idle (160 idle + 10 iowait).
    const after = parseCpuTimes('cpu  120 0 60 960 60 0 0 0 0 0\n');
    expect(cpuIdleShare(before, after)).toBeCloseTo(0.85, 5);
    expect(cpuIdleShare(after, after)).toBe(1);
    expect(() => parseCpuTimes('intr 1 2 3')).toThrow('no cpu line');
  });
});

import { readFileSync } from 'node:fs';

/**
 * The page bench emulates one phone on every host. Lighthouse slows the CPU by a fixed multiplier (4×), so a faster
 * host emulated a faster phone: its scores described whichever phone the host divided down to. Instead the bench
 * measures the host's benchmarkIndex (Lighthouse's own measure, computeBenchmarkIndex) and divides it down to a
 * low-end Android phone's: ≈ 330 (Chrome DevTools' calibration puts a Moto G4 Power-class phone at 264 and a
 * Pixel 5 at 1,000; Lighthouse's 4× on a host of ≈ 1,300 is this target). Pure code, unit-tested.
 */

/** The benchmarkIndex of the emulated phone. */
export const PHONE_BENCHMARK_INDEX = 330;
/** Lighthouse's slowdown stays within these: below 1 would speed up, beyond 12 the host is too slow to emulate anything. */
export const SLOWDOWN_MIN = 1;
export const SLOWDOWN_MAX = 12;

/** The median of some numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's cpuSlowdownMultiplier for a host of this benchmarkIndex: index ÷ 330, within 1–12, two decimals. */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`benchmarkIndex must be a positive number, not ${benchmarkIndex}`);
  const multiplier = Math.min(SLOWDOWN_MAX, Math.max(SLOWDOWN_MIN, benchmarkIndex / PHONE_BENCHMARK_INDEX));
  return Math.round(multiplier * 100) / 100;
}

/** The row of medians of several runs of one page: every numeric field its median, the rest from the first run. */
export function medianRow<T extends object>(runs: readonly T[]): T {
  const [first] = runs;
  if (!first) throw new Error('no runs to take the median of');
  const row: Record<string, unknown> = { ...(first as Record<string, unknown>) };
  for (const [key, value] of Object.entries(first)) {
    if (typeof value === 'number') row[key] = median(runs.map((run) => (run as Record<string, unknown>)[key] as number));
  }
  return row as T;
}

/** The host's CPU times summed over its cores, from /proc/stat: idle (idle + iowait) and total, in clock ticks. */
export interface CpuTimes {
  idle: number;
  total: number;
}

/** Parses /proc/stat's first line ('cpu  user nice system idle iowait irq softirq steal …'). */
export function parseCpuTimes(stat: string): CpuTimes {
  const fields = /^cpu\s+([\d\s]+)/m.exec(stat)?.[1]?.trim().split(/\s+/).map(Number);
  if (!fields || fields.length < 4) throw new Error('no cpu line in /proc/stat');
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { idle: fields[3]! + (fields[4] ?? 0), total };
}

export function readCpuTimes(): CpuTimes {
  return parseCpuTimes(readFileSync('/proc/stat', 'utf8'));
}

/** The share of CPU time (0–1) idle between two readings; 1 when no time passed. */
export function cpuIdleShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total <= 0 ? 1 : Math.min(1, Math.max(0, (after.idle - before.idle) / total));
}

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

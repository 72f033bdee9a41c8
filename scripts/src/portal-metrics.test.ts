import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../contract/src/metrics.ts';
import { PortalMetrics, readBackupStatus } from './portal-metrics.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'portal-metrics-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const status = {
  lastAttempt: { at: '2026-11-29T03:00:05.000Z', ok: false, durationMs: 1234, sizeBytes: 5678, archive: null, error: 'pg_dump 失败' },
  lastSuccessAt: '2026-11-28T03:00:04.000Z',
  intervalSeconds: 86400,
};

/** One sample's value from Prometheus's text format. */
const sample = (text: string, name: string) => {
  const line = text.split('\n').find((row) => row.startsWith(`${name} `) || row.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('the backup status file', () => {
  it('is read when it has the shape the backup job writes', () => {
    const file = path.join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify(status));
    expect(readBackupStatus(file)).toEqual(status);
  });

  it('is no status when missing, not JSON, or of another shape', () => {
    expect(readBackupStatus(path.join(dir, 'missing.json'))).toBeUndefined();
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"lastAttempt":');
    expect(readBackupStatus(broken)).toBeUndefined();
    const wrong = path.join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ ...status, lastAttempt: { ...status.lastAttempt, ok: 'yes' } }));
    expect(readBackupStatus(wrong)).toBeUndefined();
  });

  it('becomes gauges at each scrape, and none while there is no file', async () => {
    const file = path.join(dir, 'scraped.json');
    const metrics = new PortalMetrics({ backupStatusFile: file, processes: () => [{ name: 'self', pid: process.pid }] });
    const before = await metrics.registry.metrics();
    expect(sample(before, METRICS.backupLastSuccess)).toBeUndefined();
    // The resident memory of the processes it watches (here: its own).
    expect(sample(before, METRICS.childResidentMemory)).toBeGreaterThan(10 * 1024 * 1024);

    writeFileSync(file, JSON.stringify(status));
    const text = await metrics.registry.metrics();
    expect(sample(text, METRICS.backupLastSuccess)).toBe(Date.parse(status.lastSuccessAt) / 1000);
    expect(sample(text, METRICS.backupLastAttempt)).toBe(Date.parse(status.lastAttempt.at) / 1000);
    expect(sample(text, METRICS.backupLastAttemptOk)).toBe(0);
    expect(sample(text, METRICS.backupDuration)).toBe(1.234);
    expect(sample(text, METRICS.backupSize)).toBe(5678);
    expect(sample(text, METRICS.backupInterval)).toBe(86400);
  });
});

describe('site build metrics', () => {
  it('count builds by result and failures in a row', async () => {
    const metrics = new PortalMetrics({ backupStatusFile: path.join(dir, 'none.json'), processes: () => [] });
    metrics.build({ ok: true, kind: 'pages', seconds: 1.5, pages: 7 });
    metrics.build({ ok: false, kind: 'full', seconds: 3, pages: 0 });
    metrics.build({ ok: false, kind: 'full', seconds: 3, pages: 0 });
    const text = await metrics.registry.metrics();
    expect(text).toContain(`${METRICS.siteBuilds}{kind="pages",result="ok"} 1`);
    expect(text).toContain(`${METRICS.siteBuilds}{kind="full",result="failed"} 2`);
    expect(sample(text, METRICS.sitePagesRebuilt)).toBe(7);
    expect(sample(text, METRICS.siteBuildConsecutiveFailures)).toBe(2);
    metrics.build({ ok: true, kind: 'full', seconds: 60, pages: 0 });
    expect(sample(await metrics.registry.metrics(), METRICS.siteBuildConsecutiveFailures)).toBe(0);
  });
});

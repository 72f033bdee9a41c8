import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRICS } from '../../contract/src/metrics.ts';
import { ALERT_RULES, renderPrometheusConfig } from './observability.ts';
import { ROOT } from './paths.ts';

const DASHBOARD = path.join(ROOT, 'deploy', 'grafana', 'portal-dashboard.json');
const declared = new Set<string>(Object.values(METRICS));
/** A name our processes expose: declared in contract/metrics.ts, or a histogram's series of one. */
const isDeclared = (name: string) => declared.has(name) || declared.has(name.replace(/_(bucket|count|sum)$/, ''));
const ourNames = (text: string) => [...new Set(text.match(/\bfeiyi_[a-z0-9_]+/g) ?? [])];

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: Array<{ expr: string; refId: string; datasource: { type: string; uid: string } }>;
}

describe('the alert rules and the dashboard', () => {
  it('watch only metrics declared in contract/metrics.ts', () => {
    for (const file of [ALERT_RULES, DASHBOARD]) {
      const names = ourNames(readFileSync(file, 'utf8'));
      expect(names.length).toBeGreaterThan(5);
      expect(
        names.filter((name) => !isDeclared(name)),
        file,
      ).toEqual([]);
    }
  });

  it('the Grafana dashboard is a dashboard Grafana imports as is: its datasource an input, every panel placed and queried', () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      __inputs: Array<{ name: string; type: string; pluginId: string }>;
      uid: string;
      title: string;
      schemaVersion: number;
      panels: Panel[];
    };
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(dashboard.uid).toMatch(/^[a-z0-9-]{1,40}$/);
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.title).toBeTruthy();
      if (panel.type === 'row') continue;
      expect(['timeseries', 'stat']).toContain(panel.type);
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${DS_PROMETHEUS}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.expr.trim()).not.toBe('');
        expect(target.datasource.uid).toBe('${DS_PROMETHEUS}');
      }
    }
  });
});

describe("Prometheus's generated configuration", () => {
  it('scrapes every process of the profile under its job, every 15 s, with the alert rules', () => {
    const config = renderPrometheusConfig({
      prometheus: '127.0.0.1:8111',
      portal: '127.0.0.1:8112',
      cms: '127.0.0.1:8113',
      adapters: [
        { name: 'adapter-1', address: '127.0.0.1:8114' },
        { name: 'adapter-2', address: '127.0.0.1:8115' },
      ],
    });
    expect(config).toContain('scrape_interval: 15s');
    expect(config).toContain(`- '${ALERT_RULES}'`);
    for (const [job, address, instance] of [
      ['portal', '127.0.0.1:8112', 'portal'],
      ['cms', '127.0.0.1:8113', 'cms'],
      ['adapter', '127.0.0.1:8114', 'adapter-1'],
      ['adapter', '127.0.0.1:8115', 'adapter-2'],
    ]) {
      expect(config).toMatch(
        new RegExp(`job_name: ${job}\\n[\\s\\S]*targets: \\['${address}'\\]\\n\\s+labels: \\{ instance: '${instance}' \\}`),
      );
    }
  });
});

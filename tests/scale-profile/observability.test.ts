import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS } from '@feiyi/contract/metrics';
import { readCmsProcess, startCmsAgain } from '../../scripts/src/cms-process.ts';
import { processRuns } from '../../scripts/src/processes.ts';
import { newUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { adapterInstances } from '../support/instances.ts';

// The scale profile seen as an operator sees it: a real Prometheus scraping every process, metrics never served by
// nginx's public server, one request id from nginx through an adapter into the CMS, and readiness following the CMS.
const prometheusUrl = process.env.TEST_PROMETHEUS_URL ?? '';
const portalMetricsUrl = process.env.TEST_PORTAL_METRICS_URL ?? '';
const processFile = process.env.TEST_CMS_PROCESS_FILE ?? '';
const logDir = () => path.join(testEnv.workDir, 'logs');

async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false>, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(500);
  }
}

/** One number from Prometheus's query API (undefined when the query has no sample yet). */
async function queryValue(query: string): Promise<number | undefined> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { data: { result: Array<{ value: [number, string] }> } };
  const sample = body.data.result[0];
  return sample ? Number(sample.value[1]) : undefined;
}

const cmsAnswers = async () => {
  try {
    return (await fetch(`${testEnv.cmsUrl}/_health`, { signal: AbortSignal.timeout(2_000) })).status === 204;
  } catch {
    return false;
  }
};

// A failure half-way must not leave the rest of the suite without its CMS.
afterAll(async () => {
  if (processFile && !(await cmsAnswers())) {
    if (!processRuns(readCmsProcess(processFile).pid)) startCmsAgain(processFile);
    await waitUntil('the CMS answers again', cmsAnswers, 600);
  }
});

describe('metrics', () => {
  it('Prometheus scrapes every process of the profile, each target up', async () => {
    expect(prometheusUrl).not.toBe('');
    const targets = await waitUntil(
      'every target up',
      async () => {
        const body = (await (await fetch(`${prometheusUrl}/api/v1/targets`)).json()) as {
          data: {
            activeTargets: Array<{ labels: { job: string; instance: string }; health: string; scrapeUrl: string; lastScrape: string }>;
          };
        };
        const active = body.data.activeTargets;
        return active.length === 5 && active.every((target) => target.health === 'up') ? active : undefined;
      },
      90,
    );
    // What an operator sees on Prometheus's /targets page, in the run's log.
    for (const target of targets)
      console.log(
        `Prometheus target ${target.labels.job}/${target.labels.instance} ${target.scrapeUrl} ${target.health} (${target.lastScrape})`,
      );
    expect(targets.map((target) => `${target.labels.job}/${target.labels.instance}`).sort()).toEqual([
      'adapter/adapter-1',
      'adapter/adapter-2',
      'cms/cms',
      'portal/portal',
      'prometheus/prometheus',
    ]);
  });

  it("the adapters' request counter moves with traffic through nginx", async () => {
    const counted = `sum(${METRICS.httpDuration}_count{job="adapter",route="/api/categories"})`;
    const before = (await queryValue(counted)) ?? 0;
    for (let i = 0; i < 30; i += 1) expect((await fetch(`${testEnv.webUrl}/api/categories`)).status).toBe(200);
    // Scraped every 15 s: the 30 requests show within two scrapes.
    const after = await waitUntil(
      'the counter moved',
      async () => ((await queryValue(counted)) ?? 0) >= before + 30 && queryValue(counted),
      60,
    );
    expect(after).toBeGreaterThanOrEqual(before + 30);
  });

  it("./portal's metrics show every process's resident memory", async () => {
    const text = await (await fetch(portalMetricsUrl)).text();
    for (const name of ['cms', 'adapter-1', 'adapter-2', 'nginx', 'portal']) {
      expect(text).toMatch(new RegExp(`${METRICS.childResidentMemory}\\{process="${name}"\\} [1-9]\\d{6,}`));
    }
  });

  it("the metrics are refused through nginx's public server", async () => {
    for (const pathname of ['/metrics', '/api/metrics', '/metrics/']) {
      const response = await fetch(`${testEnv.webUrl}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).not.toContain('process_resident_memory_bytes');
    }
  });
});

describe('one request id end to end', () => {
  it("is answered back, and appears in the adapter's and the CMS's log lines for the same request", async () => {
    const visitor = await newUser('ob');
    const id = `obs-${randomUUID()}`;
    const response = await fetch(`${testEnv.webUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': id },
      body: JSON.stringify({ username: visitor.username, password: `${visitor.password}-wrong` }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-request-id')).toBe(id);
    const read = (name: string) => {
      try {
        return readFileSync(path.join(logDir(), `${name}.log`), 'utf8');
      } catch {
        return '';
      }
    };
    const adapterLine = await waitUntil(
      'the adapter logged it',
      async () => ['adapter-1', 'adapter-2'].flatMap((name) => read(name).split('\n')).find((line) => line.includes(`"reqId":"${id}"`)),
      10,
    );
    expect(adapterLine).toContain('"status":400');
    const cmsLine = await waitUntil(
      'the CMS logged it',
      async () =>
        read('cms')
          .split('\n')
          .find((line) => line.includes(`[${id}]`)),
      10,
    );
    // Strapi's own request line, which the id now starts.
    expect(cmsLine).toMatch(/POST \/api\/auth\/local .*400/);
  });

  it('nginx makes one up when the visitor sends none', async () => {
    const response = await fetch(`${testEnv.webUrl}/api/categories`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('readiness', () => {
  it('turns false with its reason when the CMS is killed, nginx keeps every instance (a shared cause), and true again after', async () => {
    if (!processFile) throw new Error('TEST_CMS_PROCESS_FILE is not set: run the suite with ./portal test --profile scale');
    const readiness = async (base: string) => {
      const response = await fetch(`${base}/api/health/ready`);
      return { status: response.status, body: (await response.json()) as { data: { ready: boolean; reasons: string[] } } };
    };
    for (const base of adapterInstances)
      expect(await readiness(base)).toMatchObject({ status: 200, body: { data: { ready: true, reasons: [] } } });

    const killed = readCmsProcess(processFile).pid;
    process.kill(killed, 'SIGKILL');
    for (const base of adapterInstances) {
      const unready = await waitUntil(
        'readiness false',
        async () => ((await readiness(base)).status === 503 ? readiness(base) : undefined),
        30,
      );
      expect(unready.body.data).toEqual({ ready: false, reasons: ['cms-unreachable'] });
    }
    // Every instance unready for the same cause: both stay in nginx and serve their cached reads.
    await sleep(5_000);
    const answeredBy = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const response = await fetch(`${testEnv.webUrl}/api/categories`);
      expect(response.status).toBe(200);
      answeredBy.add(response.headers.get('x-adapter-instance') ?? '');
    }
    expect([...answeredBy].sort()).toEqual(['adapter-1', 'adapter-2']);

    startCmsAgain(processFile);
    await waitUntil('the CMS answers again', cmsAnswers, 600);
    for (const base of adapterInstances) {
      await waitUntil('readiness true again', async () => (await readiness(base)).status === 200, 30);
    }
  }, 900_000);
});

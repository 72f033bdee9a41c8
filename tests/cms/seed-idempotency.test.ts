import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSeedData } from '../../cms/seed/load-data.ts';
import { createTestDatabase, dropTestDatabase } from '../../scripts/src/postgres.ts';
import { waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { generateSecrets } from '../../scripts/src/secrets.ts';
import { startCms } from '../../scripts/src/stack.ts';
import { testEnv } from '../support/env.ts';

// Its own CMS on its own fresh database, started three times: once killed mid-seed, then twice.
const seed = loadSeedData(path.resolve(import.meta.dirname, '../../cms/seed/data'));
const port = Number(process.env.TEST_SEED_CMS_PORT ?? 1357);
const base = `http://127.0.0.1:${port}`;
const secrets = generateSecrets();
const workDir = path.join(testEnv.workDir, 'seed-idempotency');
let databaseUrl: string | undefined;
let running: Service | undefined;

async function start(extraEnv: NodeJS.ProcessEnv = {}) {
  if (testEnv.db === 'postgres' && !databaseUrl) databaseUrl = await createTestDatabase();
  running = startCms({
    host: '127.0.0.1',
    cmsPort: port,
    secrets,
    logDir: path.join(workDir, 'logs'),
    databaseUrl,
    sqliteFile: path.join(workDir, 'data', 'seed.db'),
    publicDir: path.join(workDir, 'public'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    webUrl: 'http://127.0.0.1:9',
    extraEnv,
  });
  return running;
}

async function get(pathname: string) {
  const response = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${secrets.CMS_API_TOKEN}` } });
  return (await response.json()) as { data: unknown; meta: { pagination: { total: number } } } & unknown[];
}

async function counts() {
  const total = async (collection: string) => (await get(`/api/${collection}?pagination[pageSize]=1`)).meta.pagination.total;
  const slugs = ((await get('/api/cultures?pagination[pageSize]=500&fields[0]=slug')).data as Array<{ slug: string }>).map((c) => c.slug);
  const files = (await get('/api/upload/files')) as unknown as Array<{ name: string }>;
  return {
    cultures: await total('cultures'),
    inheritors: await total('inheritors'),
    products: await total('products'),
    provinces: await total('provinces'),
    timeline: await total('timeline-entries'),
    distinctSlugs: new Set(slugs).size,
    files: files.length,
    distinctFiles: new Set(files.map((f) => f.name)).size,
  };
}

afterAll(async () => {
  await running?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  rmSync(workDir, { recursive: true, force: true });
});

describe('seed idempotency', () => {
  // Three Strapi starts and a full seed (133 culture items with generated covers): over 4 minutes when other
  // stacks share the 2 cores, hence the generous limit.
  it('finishes an interrupted seed on the next start and never duplicates on later starts', async () => {
    const killed = await start({ SEED_ABORT_AFTER: '40' });
    const exitCode = await new Promise<number | null>((resolve) => killed.child.once('exit', (code) => resolve(code)));
    expect(exitCode).not.toBe(0);

    const second = await start();
    await waitForHttp(`${base}/_health`, second, { expect: [204] });
    const afterResume = await counts();
    expect(afterResume).toMatchObject({
      cultures: seed.cultures.length,
      inheritors: seed.inheritors.length,
      products: seed.products.length,
      provinces: 34,
      timeline: 10,
      distinctSlugs: seed.cultures.length,
    });
    expect(afterResume.files).toBe(afterResume.distinctFiles);
    await second.stop();

    const third = await start();
    await waitForHttp(`${base}/_health`, third, { expect: [204] });
    expect(await counts()).toEqual(afterResume);
    await third.stop();
  }, 600_000);
});

import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailResponse, productPageResponse, quickOrderResponse } from '@feiyi/contract';
import { assertPortFree, startService, waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { nginxPath, renderNginxConfig } from '../../scripts/src/scale.ts';
import { startAdapter } from '../../scripts/src/stack.ts';
import type { Secrets } from '../../scripts/src/secrets.ts';
import { cmsUser, eventually, expectEnvelope, expectOk, get, randomIp, uniqueSuffix, type TestUser } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { seedProduct } from '../support/seed.ts';
import { testEnv } from '../support/env.ts';

// One adapter process is killed (SIGKILL) in the middle of a checkout rush. The test runs its own nginx in front of
// two instances: an adapter process of its own (the one killed, then started again) and the stack's first adapter.
// Every buyer acts as a real client: one Idempotency-Key per purchase, one retry with the same key when the answer is
// a gateway error or the connection broke. Each purchase must end in exactly one order or a sold-out answer.
// Its ports follow the stack's (nginx's + 6 and + 7, past the Redis fault test's + 5), so suites on other ports never
// share them.
const webPort = Number(new URL(testEnv.webUrl).port);
const NGINX_PORT = webPort + 6;
const KILLED_PORT = webPort + 7;
const HOST = '127.0.0.1';
const nginxUrl = `http://${HOST}:${NGINX_PORT}`;
const workDir = path.join(testEnv.workDir, 'fault-adapter-killed');
const survivor = (process.env.TEST_ADAPTER_URLS ?? '').split(',')[0] ?? '';

// Bought nowhere else in the suite: its stock moves only here. Thirty buyers of four each ask for more than its stock.
const PRODUCT = '云锦纹样数字图库';
const BUYERS = 30;
const QUANTITY = 4;

let nginx: Service | undefined;
let killed: Service | undefined;

const secrets = {
  CMS_API_TOKEN: testEnv.cmsToken,
  JWT_SECRET: testEnv.jwtSecret,
  WEBHOOK_SECRET: testEnv.webhookSecret,
  PREVIEW_SECRET: testEnv.previewSecret,
} as Secrets;

async function startKilledAdapter(): Promise<Service> {
  await assertPortFree(KILLED_PORT, HOST, 'fault-test adapter');
  const service = startAdapter(
    {
      host: HOST,
      secrets,
      logDir: path.join(workDir, 'logs'),
      siteDir: path.join(testEnv.workDir, 'site'),
      publicDir: path.join(testEnv.workDir, 'cms-public'),
      extraAdapterEnv: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    },
    {
      port: KILLED_PORT,
      publicUrl: nginxUrl,
      cmsUrl: testEnv.cmsUrl,
      name: 'adapter-killed',
      env: { REDIS_URL: process.env.TEST_REDIS_URL, INSTANCE_NAME: 'adapter-killed' },
    },
  );
  await waitForHttp(`http://${HOST}:${KILLED_PORT}/api/health`, service);
  return service;
}

beforeAll(async () => {
  const program = nginxPath();
  if (!program) throw new Error('nginx is missing: run the suite with ./portal test --profile scale');
  if (!survivor) throw new Error('TEST_ADAPTER_URLS is not set: run the suite with ./portal test --profile scale');
  await assertPortFree(NGINX_PORT, HOST, 'fault-test nginx');
  killed = await startKilledAdapter();
  const runtimeDir = path.join(workDir, 'nginx');
  const logDir = path.join(workDir, 'logs');
  mkdirSync(runtimeDir, { recursive: true });
  writeFileSync(
    path.join(runtimeDir, 'security-headers.conf'),
    readFileSync(path.join(import.meta.dirname, '../../deploy/nginx/security-headers.conf')),
  );
  const configFile = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(
    configFile,
    renderNginxConfig({
      listen: `${HOST}:${NGINX_PORT}`,
      upstreams: [`${HOST}:${KILLED_PORT}`, new URL(survivor).host],
      siteDir: path.join(testEnv.workDir, 'site'),
      uploadsStore: process.env.TEST_UPLOAD_STORE_URL ?? '',
      legacyUploadsDir: path.join(testEnv.workDir, 'cms-public', 'uploads'),
      runtimeDir,
      logDir,
      brotli: false,
      user: process.getuid?.() === 0 ? 'root root' : undefined,
    }),
  );
  const errorLog = path.join(logDir, 'nginx-error.log');
  execFileSync(program, ['-t', '-q', '-e', errorLog, '-p', runtimeDir, '-c', configFile], { stdio: 'ignore' });
  nginx = startService({
    name: 'nginx',
    command: program,
    args: ['-e', errorLog, '-p', runtimeDir, '-c', configFile, '-g', 'daemon off;'],
    cwd: runtimeDir,
    env: { PATH: process.env.PATH },
    logDir,
  });
  await waitForHttp(`${nginxUrl}/api/health`, nginx);
});

afterAll(async () => {
  await nginx?.stop();
  await killed?.stop();
});

interface Purchase {
  buyer: TestUser;
  key: string;
  ip: string;
}

interface Attempt {
  status: number;
  instance: string | null;
  body: unknown;
}

async function order(purchase: Purchase, productId: number): Promise<Attempt | 'connection-broken'> {
  try {
    const response = await fetch(`${nginxUrl}/api/orders/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${purchase.buyer.token}`,
        'content-type': 'application/json',
        'idempotency-key': purchase.key,
        'x-forwarded-for': purchase.ip,
      },
      body: JSON.stringify({ items: [{ productId, quantity: QUANTITY }] }),
    });
    const text = await response.text();
    return { status: response.status, instance: response.headers.get('x-adapter-instance'), body: text ? JSON.parse(text) : null };
  } catch {
    return 'connection-broken';
  }
}

const retryable = (attempt: Attempt | 'connection-broken') =>
  attempt === 'connection-broken' || attempt.status === 502 || attempt.status === 503 || attempt.status === 504;

const stockThrough = async (base: string, id: number) => {
  const response = await fetch(`${base}/api/product/${id}?_t=${Date.now()}`);
  expect(response.status).toBe(200);
  return expectEnvelope(await response.json(), productDetailResponse).data.product.stock;
};

describe('an adapter killed during a checkout rush', () => {
  it('loses and duplicates no order, nginx sends the rest to the other instance, the stock is exact; the restarted instance serves again', async () => {
    const records = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records;
    const product = records.find((p) => p.name === PRODUCT)!;
    expect(product).toBeDefined();
    const initial = await stockThrough(nginxUrl, product.id);
    expect(initial).toBeGreaterThan(0);
    expect(initial).toBeLessThanOrEqual(seedProduct(PRODUCT).stock);
    expect(BUYERS * QUANTITY).toBeGreaterThan(initial);

    const run = uniqueSuffix(8);
    // Registered in Strapi directly: thirty registrations at once through an adapter outlast its 10-second wait for the
    // CMS on a busy 2-core machine (Strapi hashes each password on its one thread), and the accounts are not under test.
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => cmsUser('kill')));
    const purchases: Purchase[] = buyers.map((buyer, i) => ({ buyer, key: `kill-${run}-${i}`, ip: randomIp() }));

    // The kill comes with the first order the doomed instance answered: the others sent to it are still in flight.
    let killedAt: Promise<void> | undefined;
    const killOnce = () => {
      if (killedAt) return;
      const exited = once(killed!.child, 'exit');
      killed!.child.kill('SIGKILL');
      killedAt = exited.then(() => undefined);
    };
    const outcomes = await Promise.all(
      purchases.map(async (purchase) => {
        const first = await order(purchase, product.id);
        if (first !== 'connection-broken' && first.instance === 'adapter-killed') killOnce();
        if (!retryable(first)) return { first, final: first as Attempt };
        const again = await order(purchase, product.id);
        expect(again).not.toBe('connection-broken');
        return { first, final: again as Attempt };
      }),
    );
    expect(killedAt).toBeDefined();
    await killedAt;

    // The kill broke requests in flight (the test would show nothing otherwise), and each retry was answered.
    expect(outcomes.filter((outcome) => retryable(outcome.first)).length).toBeGreaterThan(0);
    const sold = outcomes.filter((outcome) => outcome.final.status === 200);
    const soldOut = outcomes.filter((outcome) => outcome.final.status === 409);
    expect(outcomes.filter((outcome) => outcome.final.status !== 200 && outcome.final.status !== 409)).toEqual([]);
    for (const outcome of soldOut) expect((outcome.final.body as { message: string }).message).toMatch(/库存不足|已售罄/);
    const orderIds = sold.map((outcome) => expectEnvelope(outcome.final.body, quickOrderResponse).data.id);
    expect(new Set(orderIds).size).toBe(sold.length);

    // What the database holds: one order per key that was answered with one, none for a sold-out answer.
    const rows = await sql<{ idempotency_key: string; n: number | string }>(
      'SELECT idempotency_key, COUNT(*) AS n FROM orders WHERE idempotency_key LIKE ? GROUP BY idempotency_key',
      [`%:kill-${run}-%`],
    );
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    expect(rows).toHaveLength(sold.length);
    expect(sold.length).toBe(Math.floor(initial / QUANTITY));

    // The stock is exact, through nginx (only the surviving instance now) and on that instance itself.
    const expected = initial - sold.length * QUANTITY;
    expect(await stockThrough(nginxUrl, product.id)).toBe(expected);
    expect(await stockThrough(survivor, product.id)).toBe(expected);

    // Started again, the instance is back behind nginx (once its failure timeout has passed) with the same stock.
    killed = await startKilledAdapter();
    expect(await stockThrough(`http://${HOST}:${KILLED_PORT}`, product.id)).toBe(expected);
    const answeredBy = new Set<string>();
    await eventually(async () => {
      const response = await fetch(`${nginxUrl}/api/categories`);
      expect(response.status).toBe(200);
      answeredBy.add(response.headers.get('x-adapter-instance') ?? '(none)');
      return answeredBy.size === 2 ? true : undefined;
    });
    expect([...answeredBy].sort()).toEqual(['adapter-1', 'adapter-killed']);
  });
});

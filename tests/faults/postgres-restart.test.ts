import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { orderListResponse, productDetailResponse, productPageResponse, quickOrderResponse } from '@feiyi/contract';
import { PrivateCluster } from '../../scripts/src/postgres.ts';
import { eventually, expectEnvelope, expectOk, get, newUser, uniqueSuffix, type TestUser } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';
import { adapterInstances } from '../support/instances.ts';

// PostgreSQL stops with writes in flight (pg_ctl -m immediate: every server process killed, as in a crash) and starts
// again. Nothing of ours is restarted: the CMS's connection pool connects again by itself. Each write in flight answers
// the 503 envelope in Chinese (it did not commit); retried with its Idempotency-Key it makes exactly one order.
// The cluster is the run's own (scripts/src/postgres.ts, started by the runner for the scale profile), never the
// machine's shared server. To have the writes surely in flight when the server goes, the test holds the product's row
// lock in a transaction of its own: every order waits on it inside its own transaction, and the test stops the server
// once the database shows them all waiting.
const UNAVAILABLE = { code: 50300, message: '内容服务暂时不可用，请稍后重试', data: null };
// Bought nowhere else in the suite.
const PRODUCT = '苏州评弹入门音频';
const BUYERS = 6;
const QUANTITY = 2;

const cluster = process.env.TEST_PG_HOME ? new PrivateCluster(process.env.TEST_PG_HOME, Number(process.env.TEST_PG_PORT)) : undefined;

// A failure half-way must not leave the rest of the suite without its database.
afterAll(async () => {
  if (cluster && !(await cluster.runs())) await cluster.start();
});

interface Attempt {
  status: number;
  body: unknown;
}

async function order(buyer: TestUser, key: string, productId: number): Promise<Attempt> {
  const response = await fetch(`${testEnv.webUrl}/api/orders/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ items: [{ productId, quantity: QUANTITY }] }),
  });
  return { status: response.status, body: await response.json() };
}

const stockOn = async (base: string, id: number) => {
  const response = await fetch(`${base}/api/product/${id}?_t=${Date.now()}`);
  expect(response.status).toBe(200);
  return expectEnvelope(await response.json(), productDetailResponse).data.product.stock;
};

describe('PostgreSQL restarted under writes', () => {
  it('loses and duplicates no order; the CMS reconnects by itself and reads and writes succeed again', async () => {
    if (!cluster) throw new Error('TEST_PG_HOME is not set: run the suite with ./portal test --profile scale');
    const product = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records.find(
      (p) => p.name === PRODUCT,
    )!;
    expect(product).toBeDefined();
    const initial = await stockOn(testEnv.webUrl, product.id);
    expect(initial).toBeGreaterThanOrEqual(BUYERS * QUANTITY);
    const run = uniqueSuffix(8);
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => newUser('pg')));
    const keys = buyers.map((_, i) => `pg-${run}-${i}`);

    // The product's row, locked by a transaction of the test's own: the orders wait on it.
    const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT stock FROM products WHERE pid = $1 AND published_at IS NOT NULL FOR UPDATE', [product.id]);
    const inFlight = buyers.map((buyer, i) => order(buyer, keys[i]!, product.id));
    await eventually(
      async () => {
        const [row] = await sql<{ n: number | string }>(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return Number(row!.n) >= BUYERS ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );

    await cluster.stop('immediate');
    await locker.end().catch(() => undefined);
    await cluster.start();

    // Held on the lock when the server went, none of the writes could commit: each says so in Chinese (never a 500,
    // never a success for an order that is not there).
    const first = await Promise.all(inFlight);
    expect(first).toEqual(buyers.map(() => ({ status: 503, body: UNAVAILABLE })));

    // The CMS was not restarted: its pool connects again, and a visitor's own reads answer (bounded wait).
    await eventually(
      async () => {
        const response = await fetch(`${testEnv.webUrl}/api/order/list?page=1&size=10`, {
          headers: { authorization: `Bearer ${buyers[0]!.token}` },
        });
        return response.status === 200 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );

    // Retried with the same key, every purchase answers one order: the one made before, or a new one.
    const settled = await Promise.all(buyers.map((buyer, i) => order(buyer, keys[i]!, product.id)));
    const ids = settled.map((attempt) => {
      expect(attempt.status).toBe(200);
      return expectEnvelope(attempt.body, quickOrderResponse).data.id;
    });
    expect(new Set(ids).size).toBe(BUYERS);

    // The database holds exactly one order per key, each its buyer's, and the stock moved exactly once per order.
    const rows = await sql<{ idempotency_key: string; n: number | string }>(
      'SELECT idempotency_key, COUNT(*) AS n FROM orders WHERE idempotency_key LIKE ? GROUP BY idempotency_key',
      [`%:pg-${run}-%`],
    );
    expect(rows.map((row) => [row.idempotency_key.split(':')[1], Number(row.n)]).sort()).toEqual(keys.map((key) => [key, 1]).sort());
    for (const [i, buyer] of buyers.entries()) {
      const response = await fetch(`${testEnv.webUrl}/api/order/list?page=1&size=10`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      const list = expectEnvelope(await response.json(), orderListResponse).data;
      expect(list.records.map((record) => record.id)).toEqual([ids[i]]);
    }
    const expected = initial - BUYERS * QUANTITY;
    for (const base of adapterInstances) await eventually(async () => ((await stockOn(base, product.id)) === expected ? true : undefined));

    // And a new purchase after the restart goes through as any other.
    const after = await order(buyers[0]!, `pg-${run}-after`, product.id);
    expect(after.status).toBe(200);
    expectEnvelope(after.body, quickOrderResponse);
  });
});

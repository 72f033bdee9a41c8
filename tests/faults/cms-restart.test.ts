import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loginResponse, orderListResponse, productPageResponse, quickOrderResponse } from '@feiyi/contract';
import { readCmsProcess, startCmsAgain } from '../../scripts/src/cms-process.ts';
import { processRuns } from '../../scripts/src/processes.ts';
import { expectEnvelope, expectOk, get, newUser, type TestUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { adapterInstances } from '../support/instances.ts';

// The CMS is killed (SIGKILL) while visitors read, then started again. Meanwhile what needs no CMS keeps answering the
// same: nginx serves the built pages, the adapters their cached public answers. What needs it (a login, an order, the
// visitor's own orders) answers the adapter's 503 envelope, never a 500, and takes no instance out of nginx's rotation.
// Once the CMS is back, the adapters use it again by themselves: nothing else is restarted.
// The CMS killed is the test stack's own, behind its nginx and both its adapters. The runner records that process and
// the exact command that started it (scripts/src/cms-process.ts); the test kills the process and starts the CMS again
// with that command, as a supervisor would, and the runner stops the new process at the end of the run.
const processFile = process.env.TEST_CMS_PROCESS_FILE ?? '';
const UNAVAILABLE = { code: 50300, message: '内容服务暂时不可用，请稍后重试', data: null };
// Bought nowhere else in the suite.
const PRODUCT = '侗族大歌导赏音频';

/** Public answers the adapters keep in memory, and pages nginx serves from the built site. */
const READS = [
  '/api/categories',
  '/api/culture/page?page=1&size=10',
  '/api/culture/hot',
  '/api/product/page?page=1&size=36',
  '/api/province/list',
  '/api/national/figures',
  '/api/national/entries?page=1&size=10',
  '/api/timeline',
  '/api/policy/list',
  '/api/home',
  '/',
  '/policy',
  '/minglu',
  '/charity',
];

const cmsAnswers = async () => {
  try {
    return (await fetch(`${testEnv.cmsUrl}/_health`, { signal: AbortSignal.timeout(2_000) })).status === 204;
  } catch {
    return false;
  }
};

/** Polls until `done` holds, at most `seconds` (a CMS start on a busy 2-core machine takes a while). */
async function waitUntil(what: string, done: () => Promise<boolean> | boolean, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(200);
  }
}

async function startAgainAndWait(): Promise<void> {
  startCmsAgain(processFile);
  await waitUntil('the CMS answers again', cmsAnswers, 600);
}

// A failure half-way must not leave the rest of the suite without its CMS.
afterAll(async () => {
  if (processFile && !(await cmsAnswers())) {
    if (!processRuns(readCmsProcess(processFile).pid)) startCmsAgain(processFile);
    await waitUntil('the CMS answers again', cmsAnswers, 600);
  }
});

const send = (base: string, method: string, path: string, user: TestUser | undefined, body?: unknown, key?: string) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const answerOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

describe('the CMS killed while visitors read, then started again', () => {
  it('pages and cached answers stay the same, what needs the CMS answers 503 in Chinese, and the adapters use the restarted CMS by themselves', async () => {
    if (!processFile) throw new Error('TEST_CMS_PROCESS_FILE is not set: run the suite with ./portal test --profile scale');
    const web = testEnv.webUrl;
    const buyer = await newUser('cr');
    const product = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records.find(
      (p) => p.name === PRODUCT,
    )!;
    expect(product).toBeDefined();
    const order = (base: string, key: string) =>
      send(base, 'POST', '/api/orders/create', buyer, { items: [{ productId: product.id, quantity: 1 }] }, key);
    const login = (base: string) =>
      send(base, 'POST', '/api/user/login', undefined, { username: buyer.username, password: buyer.password });

    // What every read must keep answering, taken while the CMS runs.
    const expected = new Map<string, string>();
    for (const path of READS) {
      const response = await fetch(`${web}${path}`);
      expect(response.status, path).toBe(200);
      expected.set(path, await response.text());
    }

    // Visitors read all along: four of them, each going round the list until told to stop.
    const wrong: string[] = [];
    let rounds = 0;
    let reading = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) {
        for (const path of READS) {
          const response = await fetch(`${web}${path}`).catch((error: unknown) => error as Error);
          if (response instanceof Error) wrong.push(`${path}: ${response.message}`);
          else if (response.status !== 200) wrong.push(`${path}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
          else if ((await response.text()) !== expected.get(path)) wrong.push(`${path}: different content`);
        }
        rounds += 1;
      }
    });
    const roundsPassed = async (n: number) => {
      const from = rounds;
      await waitUntil(`${n} rounds of reads`, () => rounds >= from + n, 120);
    };

    try {
      await roundsPassed(4);
      const killed = readCmsProcess(processFile).pid;
      process.kill(killed, 'SIGKILL');
      await waitUntil('the killed CMS is gone', async () => !processRuns(killed) && !(await cmsAnswers()), 30);

      // Every instance knows the CMS is down, and answers what needs it with the 503 envelope, through nginx too.
      for (const base of adapterInstances) {
        const health = await answerOf(await fetch(`${base}/api/health`));
        expect(health).toEqual({ status: 200, body: { code: 20000, message: 'success', data: { status: 'ok', cms: 'down' } } });
      }
      for (const base of [web, ...adapterInstances]) {
        expect(await answerOf(await login(base))).toEqual({ status: 503, body: UNAVAILABLE });
        expect(await answerOf(await order(base, `cr-down-${Date.now()}`))).toEqual({ status: 503, body: UNAVAILABLE });
        // A visitor reloading their orders: nginx passes each 503 on and keeps both instances (it once counted two in a
        // row as both instances failing, and for 3 seconds answered every API read, cached or not, with its own 503).
        for (let i = 0; i < 3; i += 1) {
          const orders = await answerOf(await send(base, 'GET', '/api/order/list?page=1&size=10', buyer));
          expect(orders).toEqual({ status: 503, body: UNAVAILABLE });
        }
      }
      // The readers went on meanwhile (several whole rounds with the CMS gone).
      await roundsPassed(8);

      await startAgainAndWait();
      reading = false;
      await Promise.all(readers);
      expect(wrong).toEqual([]);
    } finally {
      reading = false;
      await Promise.all(readers);
    }

    // The adapters were not restarted: each signs in and takes an order on the CMS that came back, by itself.
    for (const base of adapterInstances) {
      const health = await answerOf(await fetch(`${base}/api/health`));
      expect(health).toEqual({ status: 200, body: { code: 20000, message: 'success', data: { status: 'ok', cms: 'up' } } });
      const signedIn = await answerOf(await login(base));
      expect(signedIn.status).toBe(200);
      expect(expectEnvelope(signedIn.body, loginResponse).data.user.id).toBe(buyer.id);
      const placed = await answerOf(await order(base, `cr-up-${base.split(':').at(-1)}-${Date.now()}`));
      expect(placed.status).toBe(200);
      expectEnvelope(placed.body, quickOrderResponse);
    }
    const listed = await answerOf(await send(web, 'GET', '/api/order/list?page=1&size=10', buyer));
    expect(listed.status).toBe(200);
    // The two orders placed once the CMS was back; none of those refused while it was down.
    expect(expectEnvelope(listed.body, orderListResponse).data.total).toBe(adapterInstances.length);
  });
});

/**
 * Checkout benchmark: the shop and the workshops under a rush, on a fresh seeded stack per database.
 * 200 buyers (distinct registered visitors, each from its own address) order one product whose
 * stock an editor has set to 50, all at once: exactly 50 orders, the stock ends at 0 and is never
 * negative, no 5xx, and the public stock equals the true stock as soon as the last answer is in.
 * Then 30 visitors book one workshop (10 seats) at once: exactly 10 seats are taken.
 *   ./portal bench checkout [--db sqlite|postgres|both]     (PostgreSQL at 127.0.0.1:5432, see postgres.ts)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildCms } from '../src/builds.ts';
import { RUNTIME_DIR } from '../src/paths.ts';
import { createTestDatabase, dropTestDatabase } from '../src/postgres.ts';
import { CommandError } from '../src/processes.ts';
import { generateSecrets, type Secrets } from '../src/secrets.ts';
import { startStack, type RunningStack } from '../src/stack.ts';
// The contract's own check (scripts does not depend on the contract package; the rule is read from its source).
import { idCheckCharacter } from '../../contract/src/identity.ts';
import { call, oneItemOrder, type Answer } from './buyer.ts';

const BUYERS = 200;
const STOCK = 50;
const BOOKERS = 30;
const CMS_PORT = Number(process.env.BENCH_CMS_PORT ?? 1377);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 8077);
const WORK_DIR = path.join(RUNTIME_DIR, 'bench-checkout');

type Db = 'sqlite' | 'postgres';

interface Burst {
  requests: number;
  accepted: number;
  refused: number;
  serverErrors: number;
  otherStatuses: Record<string, number>;
  seconds: number;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

interface Check {
  what: string;
  expected: string | number;
  actual: string | number;
  ok: boolean;
}

interface DbResult {
  db: Db;
  orders: Burst;
  bookings: Burst;
  checks: Check[];
}

const log = (line: string) => console.log(`» ${line}`);
/** A valid ID number for booker i (the API checks the check character): born 1990-01-01, sequence 1000 + i. */
const idcardOf = (i: number) => `1101051990010${1000 + i}` + idCheckCharacter(`1101051990010${1000 + i}`)!;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarise(answers: Answer[], seconds: number): Burst {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const otherStatuses: Record<string, number> = {};
  for (const { status } of answers) if (status !== 200 && status !== 409) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
  const accepted = answers.filter((a) => a.status === 200).length;
  return {
    requests: answers.length,
    accepted,
    refused: answers.filter((a) => a.status === 409).length,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    otherStatuses,
    seconds: Number(seconds.toFixed(3)),
    acceptedPerSecond: Number((accepted / seconds).toFixed(1)),
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    max: Math.round(times[times.length - 1]!),
  };
}

/** Runs `task` over `items` with at most `width` at a time (registration hashes passwords: 2 cores). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!, index);
      }
    }),
  );
  return results;
}

/** The editors' admin API, logged in as the portal's editor account. */
async function adminSession(stack: RunningStack, secrets: Secrets) {
  const login = await fetch(`${stack.cmsUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new CommandError(`后台登录失败：${login.status}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${stack.cmsUrl}/content-manager/collection-types/${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 200)
      throw new CommandError(`后台调用失败：${method} ${pathname} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new CommandError(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function runOn(db: Db): Promise<DbResult> {
  const workDir = path.join(WORK_DIR, db);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const databaseUrl = db === 'postgres' ? await createTestDatabase() : undefined;
  const secrets = generateSecrets();
  log(`${db}: starting a fresh seeded stack (CMS :${CMS_PORT}, adapter :${WEB_PORT})…`);
  const stack = await startStack({
    host: '127.0.0.1',
    cmsPort: CMS_PORT,
    webPort: WEB_PORT,
    secrets,
    logDir: path.join(workDir, 'logs'),
    databaseUrl,
    sqliteFile: path.join(workDir, 'data', 'bench.db'),
    publicDir: path.join(workDir, 'cms-public'),
    siteDir: path.join(workDir, 'site'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    // The bench is the local proxy in front of many visitors: X-Forwarded-For gives each its address.
    extraAdapterEnv: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
  });
  const web = stack.webUrl;
  const checks: Check[] = [];
  const check = (what: string, expected: string | number, actual: string | number, ok = expected === actual) =>
    checks.push({ what, expected, actual, ok });
  try {
    const admin = await adminSession(stack, secrets);
    const products = (
      (await (await fetch(`${web}/api/product/page?page=1&size=36`)).json()) as {
        data: { page: { records: Array<{ id: number; name: string; price: number; coverImage: string; stock: number }> } };
      }
    ).data.page.records;
    const product = products.find((p) => p.stock > 0)!;
    const publicStock = async () =>
      ((await (await fetch(`${web}/api/product/${product.id}?_t=${Date.now()}`)).json()) as { data: { product: { stock: number } } }).data
        .product.stock;
    // The true stock: the published product row, read through the CMS's own REST API.
    const trueStock = async () =>
      (
        (await (
          await fetch(`${stack.cmsUrl}/api/products?filters[pid][$eq]=${product.id}&fields[0]=stock`, {
            headers: { authorization: `Bearer ${secrets.CMS_API_TOKEN}` },
          })
        ).json()) as { data: Array<{ stock: number }> }
      ).data[0]!.stock;

    log(`${db}: an editor sets the stock of 「${product.name}」 to ${STOCK}`);
    const found = await admin<{ results: Array<{ documentId: string }> }>(
      'GET',
      `api::product.product?filters[pid][$eq]=${product.id}&page=1&pageSize=1`,
    );
    const documentId = found.results[0]!.documentId;
    await admin('PUT', `api::product.product/${documentId}`, { stock: STOCK });
    await admin('POST', `api::product.product/${documentId}/actions/publish`, {});
    await until('the public stock to follow the publish', async () => (await publicStock()) === STOCK);

    log(`${db}: registering ${BUYERS} visitors, each from its own address…`);
    const buyers = await inBatches(
      Array.from({ length: BUYERS }, (_, i) => i),
      8,
      async (i) => {
        const ip = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
        const username = `bench${i}_${Date.now().toString(36).slice(-5)}`.slice(0, 20);
        const password = `pw-bench-${i}`;
        const registered = await call(`${web}/api/user/register`, {
          method: 'POST',
          ip,
          json: { username, password, email: `${username}@example.com` },
        });
        if (registered.status !== 200) throw new CommandError(`注册失败：${registered.status} ${JSON.stringify(registered.body)}`);
        const login = await call(`${web}/api/user/login`, { method: 'POST', ip, json: { username, password } });
        if (login.status !== 200) throw new CommandError(`登录失败：${login.status} ${JSON.stringify(login.body)}`);
        return { ip, token: (login.body.data as { token: string }).token };
      },
    );

    // Both stocks watched through the rush: neither may ever go below zero.
    let watching = true;
    let lowestTrue = Infinity;
    let lowestPublic = Infinity;
    let samples = 0;
    const watcher = (async () => {
      while (watching) {
        const [t, p] = await Promise.all([trueStock(), publicStock()]);
        lowestTrue = Math.min(lowestTrue, t);
        lowestPublic = Math.min(lowestPublic, p);
        samples += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    log(`${db}: ${BUYERS} buyers order 1 each at once`);
    const body = oneItemOrder(product);
    const orderStart = performance.now();
    const orderAnswers = await Promise.all(
      buyers.map((b) => call(`${web}/api/order`, { method: 'POST', ip: b.ip, token: b.token, json: body })),
    );
    const orderSeconds = (performance.now() - orderStart) / 1000;
    // "As soon as the last answer is received": read both before anything else happens.
    const [publicAfter, trueAfter] = await Promise.all([publicStock(), trueStock()]);
    watching = false;
    await watcher;
    const orders = summarise(orderAnswers, orderSeconds);
    const stored = await admin<{ pagination: { total: number } }>(
      'GET',
      `api::order.order?filters[items][productPid][$eq]=${product.id}&page=1&pageSize=1`,
    );
    check('orders accepted (200)', STOCK, orders.accepted);
    check('orders refused as sold out (409)', BUYERS - STOCK, orders.refused);
    check('5xx answers to orders', 0, orders.serverErrors);
    check('orders stored in the CMS', STOCK, stored.pagination.total);
    check('final stock', 0, trueAfter);
    check(
      `lowest stock seen, CMS / public (${samples} samples during the rush)`,
      '≥ 0 / ≥ 0',
      `${lowestTrue} / ${lowestPublic}`,
      samples > 1 && lowestTrue >= 0 && lowestPublic >= 0,
    );
    check('public stock = true stock right after the last answer', trueAfter, publicAfter);

    const workshops = (
      (await (await fetch(`${web}/api/workshops?_t=${Date.now()}`)).json()) as {
        data: { workshops: Array<{ id: number; seats: number; seatsLeft: number; title: string }> };
      }
    ).data.workshops;
    const workshop = workshops.find((w) => w.seatsLeft === w.seats)!;
    log(`${db}: ${BOOKERS} visitors book 「${workshop.title}」 (${workshop.seats} seats) at once`);
    const bookStart = performance.now();
    const bookingAnswers = await Promise.all(
      buyers.slice(0, BOOKERS).map((b, i) =>
        call(`${web}/api/workshops/${workshop.id}/book`, {
          method: 'POST',
          ip: b.ip,
          token: b.token,
          json: {
            participants: [{ name: `参与人${i}`, phone: `139${String(i).padStart(8, '0')}`, idcard: idcardOf(i) }],
          },
        }),
      ),
    );
    const bookSeconds = (performance.now() - bookStart) / 1000;
    const seatsLeftAfter = (
      (await (await fetch(`${web}/api/workshops?_t=${Date.now()}`)).json()) as {
        data: { workshops: Array<{ id: number; seatsLeft: number }> };
      }
    ).data.workshops.find((w) => w.id === workshop.id)!.seatsLeft;
    const bookings = summarise(bookingAnswers, bookSeconds);
    const storedBookings = await admin<{ pagination: { total: number } }>(
      'GET',
      `api::booking.booking?filters[workshopPid][$eq]=${workshop.id}&page=1&pageSize=1`,
    );
    check('bookings accepted (200)', workshop.seats, bookings.accepted);
    check('bookings refused as full (409)', BOOKERS - workshop.seats, bookings.refused);
    check('5xx answers to bookings', 0, bookings.serverErrors);
    check('bookings stored in the CMS', workshop.seats, storedBookings.pagination.total);
    check('public seats left right after the last answer', 0, seatsLeftAfter);
    return { db, orders, bookings, checks };
  } finally {
    await stack.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  }
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { db: { type: 'string', default: 'sqlite' } },
    allowPositionals: true,
    strict: false,
  });
  const choice = String(values.db);
  if (!['sqlite', 'postgres', 'both'].includes(choice)) throw new CommandError('--db 只能是 sqlite、postgres 或 both');
  const dbs: Db[] = choice === 'both' ? ['sqlite', 'postgres'] : [choice as Db];
  await buildCms(log);
  const results: DbResult[] = [];
  for (const db of dbs) results.push(await runOn(db));

  const row = (db: Db, what: string, b: Burst) =>
    `| ${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${what} | ${b.requests} | ${b.accepted} | ${b.refused} | ${b.serverErrors} | ${b.seconds.toFixed(2)} | ${(b.requests / b.seconds).toFixed(1)} | ${b.acceptedPerSecond} | ${b.p50} | ${b.p99} |`;
  const lines = [
    '',
    `| database | burst | requests | accepted | refused (409) | 5xx | s to last answer | requests/s | accepted/s | p50 ms | p99 ms |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...results.flatMap((r) => [
      row(r.db, `${BUYERS} buyers, 1 product with stock ${STOCK}`, r.orders),
      row(r.db, `${BOOKERS} bookings, 1 workshop`, r.bookings),
    ]),
    '',
    `| database | check | expected | actual | |`,
    `|---|---|---:|---:|---|`,
    ...results.flatMap((r) => r.checks.map((c) => `| ${r.db} | ${c.what} | ${c.expected} | ${c.actual} | ${c.ok ? '✓' : '✗'} |`)),
  ];
  console.log(lines.join('\n'));
  mkdirSync(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, 'checkout-results.json');
  writeFileSync(file, JSON.stringify({ buyers: BUYERS, stock: STOCK, bookers: BOOKERS, results, at: new Date().toISOString() }, null, 2));
  log(`results written to ${path.relative(process.cwd(), file)}`);
  const failed = results.flatMap((r) => r.checks.filter((c) => !c.ok));
  if (failed.length > 0) throw new CommandError(`${failed.length} 项检查未通过`);
}

await main();

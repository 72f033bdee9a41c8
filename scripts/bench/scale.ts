/**
 * Scale-profile benchmark: a fresh scale profile of its own (nginx, 2 adapters sharing Redis, the CMS on a new PostgreSQL
 * database), then
 *   1. a flash sale: an editor sets one product's stock to 300 and 1,000 distinct registered buyers (each logged in, each
 *      from its own address) order one each through nginx at the same moment. Exactly 300 are sold, no 5xx, and the public
 *      stock through nginx and each adapter equals the database's right after the last answer. Throughput and the order
 *      requests' p50/p99/max; targets ≥ 100 orders/s, p99 ≤ 1 s.
 *   2. cached reads side by side: through nginx (both adapters), one adapter directly, and the ceiling (a bare Fastify
 *      route answering the same bytes), with a static page through nginx.
 * Loopback only. The environment (CPUs, Node.js, date, load average) is printed with the tables.
 *   ./portal bench scale     (BENCH_WEB_PORT nginx, adapters on the next ports; BENCH_CMS_PORT; BENCH_REDIS_URL;
 *                             BENCH_SCALE_PARTS=sale,reads to run one part; BENCH_DURATION seconds per read target)
 */
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CommandError } from '../src/processes.ts';
import { load, spawnReady, type Row } from './load.ts';
import {
  adminSession,
  commitLine,
  createBuyers,
  environment,
  log,
  percentile,
  profileProcesses,
  startBenchProfile,
  type BenchProfile,
} from './scale-profile.ts';
import { call, oneItemOrder } from './buyer.ts';

const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 8060);
const CMS_PORT = Number(process.env.BENCH_CMS_PORT ?? 1357);
const ADAPTERS = 2;
const BUYERS = 1000;
const STOCK = 300;
/** Buyers who order another product before the sale, so the sale meets a warmed-up order path (as a live shop's would). */
const WARM_UP_BUYERS = 30;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const PARTS = (process.env.BENCH_SCALE_PARTS ?? 'sale,reads').split(',');
const TARGETS = { ordersPerSecond: 100, p99Ms: 1000 };

interface Check {
  what: string;
  expected: string | number;
  actual: string | number;
  ok: boolean;
}

interface Product {
  id: number;
  name: string;
  price: number;
  coverImage: string;
  stock: number;
}

async function until(what: () => string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new CommandError(`等待超时：${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface SaleResult {
  buyers: number;
  stock: number;
  sold: number;
  refused: number;
  serverErrors: number;
  otherStatuses: Record<string, number>;
  seconds: number;
  soldPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  soldP99: number;
  refusedP99: number;
  checks: Check[];
}

async function flashSale(profile: BenchProfile): Promise<SaleResult> {
  const { stack, secrets } = profile;
  const web = stack.webUrl;
  const admin = await adminSession(stack.cmsUrl, secrets);
  const products = (
    (await (await fetch(`${web}/api/product/page?page=1&size=36`)).json()) as { data: { page: { records: Product[] } } }
  ).data.page.records.filter((p) => p.stock > 0);
  const [product, warmUpProduct] = products;
  if (!product || !warmUpProduct) throw new CommandError('没有两件有库存的商品');

  const publicStock = async (origin: string) =>
    ((await (await fetch(`${origin}/api/product/${product.id}?_t=${Date.now()}`)).json()) as { data: { product: { stock: number } } }).data
      .product.stock;
  const db = new pg.Client({ connectionString: profile.databaseUrl });
  await db.connect();
  try {
    // The truth: the published row's stock, and the orders stored for the product.
    const trueStock = async () =>
      Number(
        (
          (await db.query('SELECT stock FROM products WHERE pid = $1 AND published_at IS NOT NULL', [product.id])).rows[0] as {
            stock: number;
          }
        ).stock,
      );

    log(`an editor sets the stock of 「${product.name}」 to ${STOCK} and publishes it`);
    const found = await admin<{ results: Array<{ documentId: string }> }>(
      'GET',
      `/content-manager/collection-types/api::product.product?filters[pid][$eq]=${product.id}&page=1&pageSize=1`,
    );
    const documentId = found.results[0]!.documentId;
    await admin('PUT', `/content-manager/collection-types/api::product.product/${documentId}`, { stock: STOCK });
    await admin('POST', `/content-manager/collection-types/api::product.product/${documentId}/actions/publish`, {});
    const origins = [web, ...stack.adapters.map((adapter) => adapter.url)];
    let following: number[] = [];
    await until(
      () => `the public stock to follow the publish (nginx, adapters: ${following.join(', ')})`,
      async () => (following = await Promise.all(origins.map(publicStock))).every((stock) => stock === STOCK),
    );

    log(`registering ${BUYERS + WARM_UP_BUYERS} buyers and logging each in through nginx from its own address…`);
    const started = Date.now();
    const everyone = await createBuyers(profile, BUYERS + WARM_UP_BUYERS, `f${Date.now().toString(36).slice(-4)}`);
    log(`buyers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const buyers = everyone.slice(0, BUYERS);
    const warmUp = everyone.slice(BUYERS);

    log(`warm-up: ${WARM_UP_BUYERS} other buyers order 「${warmUpProduct.name}」, a few at a time`);
    for (let i = 0; i < warmUp.length; i += 5) {
      await Promise.all(
        warmUp
          .slice(i, i + 5)
          .map((b) => call(`${web}/api/order`, { method: 'POST', ip: b.ip, token: b.token, json: oneItemOrder(warmUpProduct) })),
      );
    }

    const storedOrders = async () =>
      Number(
        (
          (
            await db.query(
              `SELECT count(DISTINCT o.id) AS n FROM orders o
                 JOIN orders_cmps oc ON oc.entity_id = o.id AND oc.field = 'items'
                 JOIN components_order_lines l ON l.id = oc.cmp_id
               WHERE l.product_pid = $1`,
              [product.id],
            )
          ).rows[0] as { n: string }
        ).n,
      );
    const storedBefore = await storedOrders();
    // As the site sends them: no Idempotency-Key (a request with one always reaches the CMS, for its retry's sake).
    log(`flash sale: ${BUYERS} buyers order 1 each at the same moment (stock ${STOCK})`);
    const body = oneItemOrder(product);
    const saleStart = performance.now();
    const answers = await Promise.all(
      buyers.map((b) => call(`${web}/api/order`, { method: 'POST', ip: b.ip, token: b.token, json: body })),
    );
    const seconds = (performance.now() - saleStart) / 1000;
    // "Right after the last answer": every view of the stock, before anything else happens.
    const [truth, ...seen] = await Promise.all([trueStock(), ...origins.map(publicStock)]);
    const stored = (await storedOrders()) - storedBefore;
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const soldTimes = answers
      .filter((a) => a.status === 200)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    const refusedTimes = answers
      .filter((a) => a.status === 409)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    const otherStatuses: Record<string, number> = {};
    for (const { status } of answers) if (status !== 200 && status !== 409) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
    const sold = soldTimes.length;
    const checks: Check[] = [];
    const check = (what: string, expected: string | number, actual: string | number, ok = expected === actual) =>
      checks.push({ what, expected, actual, ok });
    check('orders accepted (200)', STOCK, sold);
    check('orders refused as sold out (409)', BUYERS - STOCK, refusedTimes.length);
    check('5xx answers', 0, answers.filter((a) => a.status >= 500).length);
    check('orders stored in the database', STOCK, stored);
    check('stock in the database after the sale', 0, truth);
    origins.forEach((origin, i) =>
      check(`public stock right after the last answer, ${i === 0 ? 'through nginx' : stack.adapters[i - 1]!.name}`, truth, seen[i]!),
    );
    return {
      buyers: BUYERS,
      stock: STOCK,
      sold,
      refused: refusedTimes.length,
      serverErrors: answers.filter((a) => a.status >= 500).length,
      otherStatuses,
      seconds: Number(seconds.toFixed(3)),
      soldPerSecond: Number((sold / seconds).toFixed(1)),
      requestsPerSecond: Number((BUYERS / seconds).toFixed(1)),
      p50: Math.round(percentile(times, 50)),
      p99: Math.round(percentile(times, 99)),
      max: Math.round(times.at(-1)!),
      soldP99: Math.round(percentile(soldTimes, 99)),
      refusedP99: Math.round(percentile(refusedTimes, 99)),
      checks,
    };
  } finally {
    await db.end();
  }
}

async function cachedReads(profile: BenchProfile, workDir: string): Promise<{ rows: Row[]; pairs: Array<[string, Row, Row, Row]> }> {
  const { stack } = profile;
  const web = stack.webUrl;
  const direct = stack.adapters[0]!.url;
  const reads = { culture: '/api/culture/page?page=1&size=10', product: '/api/product/page?page=1&size=9' };
  const bodies = {
    '/ceiling/culture': await (await fetch(`${direct}${reads.culture}`)).text(),
    '/ceiling/product': await (await fetch(`${direct}${reads.product}`)).text(),
  };
  const bodiesFile = path.join(workDir, 'ceiling-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const ceilingPort = WEB_PORT + ADAPTERS + 1;
  const children: ChildProcess[] = [await spawnReady('ceiling-server.ts', [String(ceilingPort), bodiesFile])];
  try {
    const ceiling = `http://127.0.0.1:${ceilingPort}`;
    const options = { connections: CONNECTIONS, duration: DURATION };
    log(`cached reads: ${CONNECTIONS} connections, ${DURATION} s each`);
    const pairs: Array<[string, Row, Row, Row]> = [];
    for (const [name, route] of Object.entries(reads)) {
      const viaNginx = await load(`nginx → ${ADAPTERS} adapters GET ${route}`, `${web}${route}`, options);
      const viaAdapter = await load(`adapter-1 direct GET ${route}`, `${direct}${route}`, options);
      const bare = await load(`ceiling: bare Fastify, the same bytes`, `${ceiling}/ceiling/${name}`, options);
      pairs.push([route, viaNginx, viaAdapter, bare]);
    }
    const page = (await (await fetch(`${web}/api/culture/page?page=1&size=1`)).json()) as {
      data: { page: { records: Array<{ id: number }> } };
    };
    const itemId = page.data.page.records[0]!.id;
    const staticPage = await load(`nginx static page /culture/item/${itemId} (brotli or gzip)`, `${web}/culture/item/${itemId}`, {
      ...options,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    return { rows: [...pairs.flatMap(([, a, b, c]) => [a, b, c]), staticPage], pairs };
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

async function main() {
  const wantSale = PARTS.includes('sale');
  const wantReads = PARTS.includes('reads');
  const profile = await startBenchProfile({
    name: 'scale',
    webPort: WEB_PORT,
    cmsPort: CMS_PORT,
    adapters: ADAPTERS,
    buildSite: wantReads,
  });
  // The site is on disk for nginx; its render service (≈ 1 GB) is not needed for the rest.
  await profile.site?.stop();
  const workDir = profile.workDir;
  mkdirSync(workDir, { recursive: true });
  let sale: SaleResult | undefined;
  let reads: Awaited<ReturnType<typeof cachedReads>> | undefined;
  const memory: Record<string, number> = {};
  try {
    if (wantSale) sale = await flashSale(profile);
    if (wantReads) reads = await cachedReads(profile, workDir);
    for (const process of profileProcesses(profile.stack)) memory[process.name] = Math.round(process.rssMb());
  } finally {
    await profile.stop();
  }

  const lines: string[] = ['', `Environment: ${environment()}, ${commitLine()}`];
  if (sale) {
    lines.push(
      '',
      `Flash sale through nginx → ${ADAPTERS} adapters → CMS (PostgreSQL): ${sale.buyers} buyers at once, stock ${sale.stock}`,
      '',
      '| buyers | stock | sold | sold out (409) | 5xx | s to last answer | sold/s | requests/s | p50 ms | p99 ms | max ms | p99 sold ms | p99 refused ms |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${sale.buyers} | ${sale.stock} | ${sale.sold} | ${sale.refused} | ${sale.serverErrors} | ${sale.seconds.toFixed(2)} | ${sale.soldPerSecond} | ${sale.requestsPerSecond} | ${sale.p50} | ${sale.p99} | ${sale.max} | ${sale.soldP99} | ${sale.refusedP99} |`,
      '',
      '| check | expected | actual | |',
      '|---|---:|---:|---|',
      ...sale.checks.map((c) => `| ${c.what} | ${c.expected} | ${c.actual} | ${c.ok ? '✓' : '✗'} |`),
      '',
      `Targets: ≥ ${TARGETS.ordersPerSecond} orders/s (sold ${sale.soldPerSecond}/s, answered ${sale.requestsPerSecond}/s) ${sale.soldPerSecond >= TARGETS.ordersPerSecond ? '✓' : '✗'}; p99 ≤ ${TARGETS.p99Ms} ms (${sale.p99} ms) ${sale.p99 <= TARGETS.p99Ms ? '✓' : '✗'}`,
    );
    if (Object.keys(sale.otherStatuses).length > 0) lines.push(`Other statuses: ${JSON.stringify(sale.otherStatuses)}`);
  }
  if (reads) {
    lines.push(
      '',
      `Cached reads, ${CONNECTIONS} connections, ${DURATION} s each (autocannon in the bench's own process, on the same 2 cores)`,
      '',
      '| target | req/s | p50 ms | p97.5 ms | p99 ms | ÷ ceiling | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...reads.pairs.flatMap(([, ...rows]) =>
        rows.map(
          (r) => `| ${r.target} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${(r.rps / rows[2]!.rps).toFixed(2)} | ${r.errors} |`,
        ),
      ),
      ...reads.rows.slice(-1).map((r) => `| ${r.target} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | – | ${r.errors} |`),
    );
  }
  lines.push(
    '',
    `Resident memory at the end: ${Object.entries(memory)
      .map(([name, mb]) => `${name} ${mb} MB`)
      .join(', ')}`,
  );
  console.log(lines.join('\n'));
  const file = path.join(workDir, 'scale-results.json');
  writeFileSync(file, JSON.stringify({ environment: environment(), sale, reads, memory, at: new Date().toISOString() }, null, 2));
  log(`results written to ${path.relative(process.cwd(), file)}`);
  const failed = sale?.checks.filter((c) => !c.ok) ?? [];
  const readErrors = reads?.rows.reduce((sum, row) => sum + row.errors, 0) ?? 0;
  if (failed.length > 0) throw new CommandError(`${failed.length} 项检查未通过`);
  if (readErrors > 0) throw new CommandError(`读取中有 ${readErrors} 个错误答复`);
}

await main();

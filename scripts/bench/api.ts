/**
 * API benchmark: cached reads through the adapter against the same data read straight from
 * Strapi's REST API, and against the ceiling (a bare Fastify route answering the same bytes from
 * memory); plus search over 10,000 generated items. 50 connections, 10 s per target, loopback only.
 *   ./portal bench            (or: node scripts/bench/api.ts after ./portal start has built the CMS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SearchIndex } from '../../api-adapter/src/search/index.ts';
import { toCultureItem } from '../../api-adapter/src/culture/mapper.ts';
import { strapiCulture } from '../../api-adapter/src/content/strapi-shapes.ts';
import { buildCms } from '../src/builds.ts';
import { RUNTIME_DIR } from '../src/paths.ts';
import { generateSecrets } from '../src/secrets.ts';
import { startStack } from '../src/stack.ts';
import { generateCultures, SEARCH_KEYWORDS } from './generated-content.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

interface Row {
  target: string;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
}

async function load(target: string, url: string, paths?: string[]): Promise<Row> {
  const requests = paths ? { requests: paths.map((p) => ({ method: 'GET' as const, path: p })) } : {};
  // A short warm-up first, so the JIT and caches are warm when the measured run starts.
  await autocannon({ url, connections: 10, duration: 2, ...requests });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...requests,
  });
  const row = {
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(`  ${target}: ${row.rps} req/s, p99 ${row.p99} ms${row.errors ? `, ${row.errors} errors` : ''}`);
  return row;
}

function spawnReady(script: string, args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Uncached search over 10,000 items, timed in-process: the cost of the search itself. */
function searchIndexTimings() {
  const origin = 'http://127.0.0.1';
  const items = generateCultures().map((raw) => toCultureItem(strapiCulture.parse(raw), origin));
  const builtAt = performance.now();
  const index = new SearchIndex(items);
  const buildMs = performance.now() - builtAt;
  const titles = items.map((i) => i.title);
  const keywords: string[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const title = titles[(i * 7919) % titles.length]!;
    const start = i % Math.max(1, title.length - 1);
    keywords.push(i % 5 === 0 ? SEARCH_KEYWORDS[i % SEARCH_KEYWORDS.length]! : title.slice(start, start + 2));
  }
  const times = keywords.map((keyword) => {
    const t = performance.now();
    index.search(keyword);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return {
    items: items.length,
    buildMs: Math.round(buildMs),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function main() {
  const workDir = path.join(RUNTIME_DIR, 'bench');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await buildCms((line) => console.log(`» ${line}`));
  console.log('» starting a bench stack (fresh SQLite, seeded)…');
  const stack = await startStack({
    host: '127.0.0.1',
    cmsPort: 1367,
    webPort: 8097,
    secrets: generateSecrets(),
    logDir: path.join(workDir, 'logs'),
    sqliteFile: path.join(workDir, 'data', 'bench.db'),
    publicDir: path.join(workDir, 'cms-public'),
    siteDir: path.join(workDir, 'site'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    extraAdapterEnv: { LOG_LEVEL: 'warn' },
  });
  const children: ChildProcess[] = [];
  try {
    const bodies = {
      '/ceiling/culture': await (await fetch(`${stack.webUrl}/api/culture/page?page=1&size=10`)).text(),
      '/ceiling/product': await (await fetch(`${stack.webUrl}/api/product/page?page=1&size=9`)).text(),
    };
    const bodiesFile = path.join(workDir, 'ceiling-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    children.push(await spawnReady('ceiling-server.ts', ['8198', bodiesFile]));
    children.push(await spawnReady('search-server.ts', ['8199']));
    await fetch(`${stack.webUrl}/api/product/page?page=1&size=9`);

    console.log(`» load: ${CONNECTIONS} connections, ${DURATION} s each`);
    const strapi = await load(
      'Strapi REST /api/cultures?pagination[pageSize]=10',
      `${stack.cmsUrl}/api/cultures?pagination%5BpageSize%5D=10`,
    );
    const culture = await load('adapter GET /api/culture/page', `${stack.webUrl}/api/culture/page?page=1&size=10`);
    const product = await load('adapter GET /api/product/page', `${stack.webUrl}/api/product/page?page=1&size=9`);
    const search = await load(
      'adapter GET /api/culture/search (seed, 20 keywords)',
      stack.webUrl,
      SEARCH_KEYWORDS.map((k) => `/api/culture/search?keyword=${encodeURIComponent(k)}`),
    );
    const search10k = await load(
      'adapter search, 10,000 items (20 keywords)',
      'http://127.0.0.1:8199',
      SEARCH_KEYWORDS.map((k) => `/api/culture/search?keyword=${encodeURIComponent(k)}`),
    );
    const ceiling = await load('ceiling: bare Fastify, culture page bytes', 'http://127.0.0.1:8198/ceiling/culture');
    const productCeiling = await load('ceiling: bare Fastify, product page bytes', 'http://127.0.0.1:8198/ceiling/product');
    const index = searchIndexTimings();

    const rows = [strapi, culture, product, search, search10k, ceiling, productCeiling];
    // Each answer is compared with the ceiling serving its own bytes (searches: the culture page's).
    const ceilingOf = (row: Row) => (row === product || row === productCeiling ? productCeiling : ceiling);
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : '–');
    const lines = [
      '',
      `| target | req/s | p50 ms | p97.5 ms | p99 ms | × Strapi | ÷ ceiling | errors |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(
        (r) =>
          `| ${r.target} | ${r.rps} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${ratio(r.rps, strapi.rps)} | ${r === strapi ? '–' : ratio(r.rps, ceilingOf(r).rps)} | ${r.errors} |`,
      ),
      '',
      `Search index, ${index.items} items, 1,000 distinct uncached keywords: p50 ${index.p50.toFixed(2)} ms, p95 ${index.p95.toFixed(2)} ms, p99 ${index.p99.toFixed(2)} ms (index built in ${index.buildMs} ms).`,
      '',
      `Targets: cached reads ≥ 20× Strapi (culture ${ratio(culture.rps, strapi.rps)}×, product ${ratio(product.rps, strapi.rps)}×), p99 < 50 ms (${culture.p99} / ${product.p99} ms), ≥ 0.5 of the ceiling (${ratio(culture.rps, ceiling.rps)} / ${ratio(product.rps, productCeiling.rps)}); search p95 < 10 ms (${index.p95.toFixed(2)} ms).`,
    ];
    console.log(lines.join('\n'));
    writeFileSync(
      path.join(workDir, 'api-results.json'),
      JSON.stringify({ rows, index, connections: CONNECTIONS, duration: DURATION, at: new Date().toISOString() }, null, 2),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await stack.stop();
  }
}

await main();

/**
 * API benchmark: cached reads through the adapter against the same data read straight from
 * Strapi's REST API, and against the ceiling (a bare Fastify route answering the same bytes from
 * memory); plus search over ten times the portal's documents (generated) and the adapter's memory.
 * 50 connections, 10 s per target, loopback only.
 *   ./portal bench            (or: node scripts/bench/api.ts after ./portal start has built the CMS)
 */
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SearchIndex } from '../../api-adapter/src/search/index.ts';
import { strapiCulture, toCultureItem } from '../../api-adapter/src/culture/mapper.ts';
import { NationalList, strapiNationalList, type RawNationalList } from '../../api-adapter/src/national/list.ts';
import { hitKindOrder, searchHits } from '../../api-adapter/src/national/search.ts';
import { buildCms } from '../src/builds.ts';
import { ROOT, RUNTIME_DIR } from '../src/paths.ts';
import { generateSecrets } from '../src/secrets.ts';
import { startStack } from '../src/stack.ts';
import { generateCultures, NATIONAL_KEYWORDS, nationalListTimes, SEARCH_KEYWORDS } from './generated-content.ts';
import { load as loadWith, spawnReady, type Row } from './load.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const load = (target: string, url: string, paths?: string[]): Promise<Row> =>
  loadWith(target, url, { paths, connections: CONNECTIONS, duration: DURATION });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Uncached search, timed in-process (the cost of the search itself): articles, national items and
 * inheritors, as the portal holds them (`copies` = 1: 98 articles with the whole list) or ten times
 * as many of each (generated).
 */
function searchIndexTimings(raw: RawNationalList, copies: number) {
  const origin = 'http://127.0.0.1';
  const categories = (
    JSON.parse(readFileSync(path.join(ROOT, 'cms', 'seed', 'data', 'categories.json'), 'utf8')) as Array<{
      code: number;
      officialName: string;
    }>
  ).map((c) => ({ id: c.code, officialName: c.officialName }));
  const cultures = generateCultures(98 * copies).map((doc) => toCultureItem(strapiCulture.parse(doc), origin));
  const list = new NationalList(nationalListTimes(raw, copies), categories);
  const builtAt = performance.now();
  const hits = searchHits(cultures, list, {
    sealUrl: (id) => `${origin}/api/inheritor/${id}/seal.svg`,
    categoryTitle: () => null,
    province: () => undefined,
  });
  const index = new SearchIndex(hits, { kindOf: hitKindOrder });
  const buildMs = performance.now() - builtAt;
  const titles = hits.map((i) => i.title);
  const fixed = [...SEARCH_KEYWORDS, ...NATIONAL_KEYWORDS];
  const keywords: string[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const title = titles[(i * 7919) % titles.length]!;
    const start = i % Math.max(1, title.length - 1);
    keywords.push(i % 5 === 0 ? fixed[i % fixed.length]! : title.slice(start, start + 2));
  }
  const times = keywords.map((keyword) => {
    const t = performance.now();
    index.search(keyword);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return {
    items: hits.length,
    documents: cultures.length + list.entries.length + list.inheritors.length,
    buildMs: Math.round(buildMs),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/** Resident memory of a process, from /proc (Linux). */
function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function main() {
  const workDir = path.join(RUNTIME_DIR, 'bench');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  await buildCms((line) => console.log(`» ${line}`));
  console.log('» starting a bench stack (fresh SQLite, seeded)…');
  const secrets = generateSecrets();
  const stack = await startStack({
    host: '127.0.0.1',
    cmsPort: 1367,
    webPort: 8097,
    secrets,
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
    // The national list as the stack's CMS holds it after the import, for the in-memory search benchmarks.
    const listAnswer = await fetch(`${stack.cmsUrl}/api/portal/national-list`, {
      headers: { authorization: `Bearer ${secrets.CMS_API_TOKEN}` },
    });
    const national = strapiNationalList.parse(((await listAnswer.json()) as { data: unknown }).data);
    const nationalFile = path.join(workDir, 'national-list.json');
    writeFileSync(nationalFile, JSON.stringify(national));
    children.push(await spawnReady('search-server.ts', ['8199', nationalFile]));
    await fetch(`${stack.webUrl}/api/product/page?page=1&size=9`);

    console.log(`» load: ${CONNECTIONS} connections, ${DURATION} s each`);
    const strapi = await load(
      'Strapi REST /api/cultures?pagination[pageSize]=10',
      `${stack.cmsUrl}/api/cultures?pagination%5BpageSize%5D=10`,
    );
    const culture = await load('adapter GET /api/culture/page', `${stack.webUrl}/api/culture/page?page=1&size=10`);
    const product = await load('adapter GET /api/product/page', `${stack.webUrl}/api/product/page?page=1&size=9`);
    const keywords = [...SEARCH_KEYWORDS, ...NATIONAL_KEYWORDS];
    const search = await load(
      `adapter GET /api/culture/search (seed + national list, ${keywords.length} keywords)`,
      stack.webUrl,
      keywords.map((k) => `/api/culture/search?keyword=${encodeURIComponent(k)}`),
    );
    const search10k = await load(
      `adapter search, 10× generated (${keywords.length} keywords)`,
      'http://127.0.0.1:8199',
      keywords.map((k) => `/api/culture/search?keyword=${encodeURIComponent(k)}`),
    );
    const entries = await load(
      'adapter GET /api/national/entries (province filter)',
      `${stack.webUrl}/api/national/entries?province=beijing&page=2`,
    );
    const ceiling = await load('ceiling: bare Fastify, culture page bytes', 'http://127.0.0.1:8198/ceiling/culture');
    const productCeiling = await load('ceiling: bare Fastify, product page bytes', 'http://127.0.0.1:8198/ceiling/product');
    const index = searchIndexTimings(national, 1);
    const index10 = searchIndexTimings(national, 10);
    const adapter = stack.services.find((service) => service.name === 'adapter');
    const rssMb = adapter?.child.pid ? residentMb(adapter.child.pid) : NaN;

    const rows = [strapi, culture, product, search, search10k, entries, ceiling, productCeiling];
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
      ...[index, index10].map(
        (i) =>
          `Search index, ${i.documents} documents (${i.items} hits), 1,000 distinct uncached keywords: p50 ${i.p50.toFixed(2)} ms, p95 ${i.p95.toFixed(2)} ms, p99 ${i.p99.toFixed(2)} ms (index built in ${i.buildMs} ms).`,
      ),
      `Adapter memory with the full data after the load: ${rssMb.toFixed(0)} MB RSS.`,
      '',
      `Targets: cached reads ≥ 100× Strapi (culture ${ratio(culture.rps, strapi.rps)}×, product ${ratio(product.rps, strapi.rps)}×), p99 < 50 ms (${culture.p99} / ${product.p99} ms), ≥ 0.5 of the ceiling (${ratio(culture.rps, ceiling.rps)} / ${ratio(product.rps, productCeiling.rps)}); search p95 < 10 ms (${index.p95.toFixed(2)} / ${index10.p95.toFixed(2)} ms); adapter < 300 MB RSS (${rssMb.toFixed(0)} MB).`,
    ];
    console.log(lines.join('\n'));
    writeFileSync(
      path.join(workDir, 'api-results.json'),
      JSON.stringify({ rows, index, index10, rssMb, connections: CONNECTIONS, duration: DURATION, at: new Date().toISOString() }, null, 2),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await stack.stop();
  }
}

await main();

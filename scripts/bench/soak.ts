/**
 * Soak benchmark: a fresh scale profile of its own (nginx, 2 adapters sharing Redis, the CMS on a new PostgreSQL database,
 * the site built and following publishes as ./portal start does), under minutes of mixed traffic through nginx at a steady
 * rate: ≈ 90 % browsing (static pages and the API reads the pages make), 8 % search, 2 % checkout and donations by
 * registered visitors; meanwhile an editor publishes a change to a culture item every 30 s through the CMS's admin API.
 * Reports the answers by status (no 5xx allowed), p50/p99 per route, the resident memory of every process (the CMS, each
 * adapter, nginx) every 5 s and, for the Node.js processes, once their garbage is collected after a 1-minute warm-up and at
 * the end (growth < 20 %; collected-memory.ts says why), and the site updates that ran (count, durations) with how soon
 * each publish was live.
 *   ./portal bench soak [--minutes 5]     (BENCH_SOAK_RATE requests/s, default 100; BENCH_WEB_PORT, BENCH_CMS_PORT,
 *                                          BENCH_REDIS_URL as for ./portal bench scale)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CommandError } from '../src/processes.ts';
import { NATIONAL_KEYWORDS, SEARCH_KEYWORDS } from './generated-content.ts';
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
import { oneItemOrder } from './buyer.ts';
import { collectedMemory, type CollectedMemory } from './collected-memory.ts';

const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 8060);
const CMS_PORT = Number(process.env.BENCH_CMS_PORT ?? 1357);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 100);
const WARM_UP_MS = 60_000;
const PUBLISH_EVERY_MS = 30_000;
const MEMORY_EVERY_MS = 5_000;
const BUYERS = 100;
/** At most this many requests in flight: beyond it the machine is saturated and the rest is counted as not sent. */
const MAX_IN_FLIGHT = 256;
const MAX_GROWTH = 0.2;

interface Sample {
  route: string;
  status: number;
  ms: number;
  at: number;
}

/** The route an address belongs to, for p99 per route: ids become {id}, pages are grouped by their section. */
export function routeOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/api/'))
    return `${method} ${pathname.replace(/\/\d+(?=\/|$)/g, '/{id}').replace(/\/items\/[^/]+$/, '/items/{slug}')}`;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 0) return 'page /';
  if (parts.length === 1) return `page /${parts[0]}`;
  return `page /${parts[0]}/${parts.length > 2 ? `${parts[1]}/` : ''}{…}`;
}

/** Picks one of the weighted choices. */
function pick<T>(choices: Array<[number, T]>): T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let at = Math.random() * total;
  for (const [weight, choice] of choices) {
    at -= weight;
    if (at <= 0) return choice;
  }
  return choices.at(-1)![1];
}

const any = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function soak(profile: BenchProfile, minutes: number) {
  const { stack, secrets } = profile;
  const web = stack.webUrl;
  const durationMs = minutes * 60_000;

  // What visitors browse: the site's pages (its sitemap) and the API reads those pages make.
  const sitemap = await (await fetch(`${web}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  if (pages.length < 100) throw new CommandError(`站点地图只有 ${pages.length} 个地址`);
  const cultures = (
    (await (await fetch(`${web}/api/culture/page?page=1&size=50`)).json()) as { data: { page: { records: Array<{ id: number }> } } }
  ).data.page.records.map((c) => c.id);
  const products = (
    (await (await fetch(`${web}/api/product/page?page=1&size=36`)).json()) as {
      data: { page: { records: Array<{ id: number; name: string; price: number; coverImage: string; stock: number }> } };
    }
  ).data.page.records;
  const projects = (
    (await (await fetch(`${web}/api/donations/projects`)).json()) as { data: { projects: Array<{ id: number }> } }
  ).data.projects.map((p) => p.id);
  const apiReads = [
    () => `/api/culture/page?page=${1 + Math.floor(Math.random() * 5)}&size=12`,
    () => `/api/culture/${any(cultures)}`,
    () => '/api/culture/hot',
    () => '/api/home',
    () => '/api/categories',
    () => '/api/timeline',
    () => `/api/product/page?page=1&size=9`,
    () => `/api/product/${any(products).id}`,
    () => '/api/workshops',
    () => '/api/donations/feed?limit=20',
    () => '/api/national/figures',
    () => `/api/national/entries?page=${1 + Math.floor(Math.random() * 20)}`,
    () => '/api/province/list',
  ];
  const keywords = [...SEARCH_KEYWORDS, ...NATIONAL_KEYWORDS];

  log(`registering ${BUYERS} visitors for checkout and donations…`);
  const buyers = await createBuyers(profile, BUYERS, `s${Date.now().toString(36).slice(-4)}`);

  const samples: Sample[] = [];
  let inFlight = 0;
  let skipped = 0;
  const request = async (route: string, url: string, init: RequestInit = {}): Promise<{ status: number; text: string } | undefined> => {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      status = response.status;
      return { status, text };
    } catch {
      return undefined;
    } finally {
      samples.push({ route, status, ms: performance.now() - started, at: Date.now() });
    }
  };
  const buyerHeaders = (buyer: (typeof buyers)[number]) => ({
    authorization: `Bearer ${buyer.token}`,
    'content-type': 'application/json',
    'x-forwarded-for': buyer.ip,
  });
  const visit = async () => {
    const kind = pick<'page' | 'api' | 'search' | 'order' | 'donate'>([
      [60, 'page'],
      [30, 'api'],
      [8, 'search'],
      [1, 'order'],
      [1, 'donate'],
    ]);
    const browser = {
      'accept-encoding': 'br, gzip',
      'x-forwarded-for': `10.99.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    };
    if (kind === 'page') {
      const page = any(pages);
      await request(routeOf('GET', `${web}${page}`), `${web}${page}`, { headers: browser });
    } else if (kind === 'api') {
      const url = `${web}${any(apiReads)()}`;
      await request(routeOf('GET', url), url, { headers: browser });
    } else if (kind === 'search') {
      const url = `${web}/api/culture/search?keyword=${encodeURIComponent(any(keywords))}`;
      await request(routeOf('GET', url), url, { headers: browser });
    } else if (kind === 'order') {
      const buyer = any(buyers);
      const product = any(products.filter((p) => p.stock > 0));
      const ordered = await request('POST /api/order', `${web}/api/order`, {
        method: 'POST',
        headers: buyerHeaders(buyer),
        body: JSON.stringify(oneItemOrder(product)),
      });
      // Half of the buyers pay at once (the mock payment), as the payment page does after the scan.
      const order = ordered?.status === 200 ? (JSON.parse(ordered.text) as { data: { orderId: number } }).data.orderId : undefined;
      if (order !== undefined && Math.random() < 0.5) {
        await request('POST /api/orders/{id}/mock-pay', `${web}/api/orders/${order}/mock-pay`, {
          method: 'POST',
          headers: buyerHeaders(buyer),
        });
      }
    } else {
      const buyer = any(buyers);
      await request('POST /api/donations/donate', `${web}/api/donations/donate`, {
        method: 'POST',
        headers: buyerHeaders(buyer),
        body: JSON.stringify({ projectId: any(projects), amount: 1 + Math.floor(Math.random() * 200) }),
      });
    }
  };
  // The editor: a change to one culture item every 30 s, and how soon its static page shows it.
  const editor = await adminSession(stack.cmsUrl, secrets, 'editor');
  const collection = '/content-manager/collection-types/api::culture.culture';
  const itemId = cultures[2]!;
  const found = await editor<{ results: Array<{ documentId: string; description?: string }> }>(
    'GET',
    `${collection}?filters[pid][$eq]=${itemId}&pageSize=1`,
  );
  const documentId = found.results[0]!.documentId;
  const original = String(found.results[0]!.description ?? '');
  const publishes: Array<{ at: number; liveMs: number | null }> = [];
  const publish = async (description: string) => {
    await editor('PUT', `${collection}/${documentId}`, { description });
    await editor('POST', `${collection}/${documentId}/actions/publish`, {});
  };

  // Builds, as the builder reports them to the adapters (GET /api/internal/site-build): one entry per builtAt.
  const builds = new Map<string, { result: string; durationMs: number; rendered: number }>();
  const readBuild = async () => {
    const response = await fetch(`${web}/api/internal/site-build`, { headers: { 'x-webhook-secret': secrets.WEBHOOK_SECRET } });
    if (!response.ok) return;
    const status = (
      (await response.json()) as { data: { builtAt: string | null; result: string | null; durationMs: number | null; rendered: number } }
    ).data;
    if (status.builtAt && !builds.has(status.builtAt))
      builds.set(status.builtAt, { result: status.result ?? '', durationMs: status.durationMs ?? 0, rendered: status.rendered });
  };
  await readBuild();
  const initialBuilds = builds.size;

  const processes = profileProcesses(stack);
  const memory: Array<{ at: number; rss: Record<string, number> }> = [];
  const sampleMemory = () =>
    memory.push({ at: Date.now(), rss: Object.fromEntries(processes.map((p) => [p.name, Math.round(p.rssMb() * 10) / 10])) });

  log(
    `soak: ${minutes} min at ${RATE} requests/s through nginx (warm-up ${WARM_UP_MS / 1000} s), a publish every ${PUBLISH_EVERY_MS / 1000} s`,
  );
  const started = Date.now();
  const end = started + durationMs;
  sampleMemory();
  const timers: NodeJS.Timeout[] = [];
  timers.push(setInterval(sampleMemory, MEMORY_EVERY_MS));
  // Each Node.js process's memory once collected, after the warm-up (while the traffic goes on) and at the end.
  const collected: { warmUp: Record<string, CollectedMemory>; end: Record<string, CollectedMemory> } = { warmUp: {}, end: {} };
  const collectAll = async (into: Record<string, CollectedMemory>) => {
    for (const p of processes) if (p.nodePid) into[p.name] = await collectedMemory(p.nodePid);
  };
  const warmUpCollected = sleep(WARM_UP_MS).then(() => collectAll(collected.warmUp));
  warmUpCollected.catch(() => undefined);
  timers.push(setInterval(() => void readBuild().catch(() => undefined), 1_000));
  let editing = Promise.resolve();
  timers.push(
    setInterval(() => {
      editing = editing.then(async () => {
        const marker = `浸泡发布${Date.now().toString(36)}`;
        const at = Date.now();
        await publish(`${marker}。${original}`);
        const published = performance.now();
        const entry = { at: at - started, liveMs: null as number | null };
        publishes.push(entry);
        const page = `${web}/culture/item/${itemId}`;
        while (Date.now() < end + 60_000) {
          const response = await fetch(page);
          if (response.ok && (await response.text()).includes(marker)) {
            entry.liveMs = Math.round(performance.now() - published);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      });
    }, PUBLISH_EVERY_MS),
  );

  // Open loop: requests start on a schedule whatever the answers take (a visitor does not wait for another's answer).
  const pending = new Set<Promise<void>>();
  let sent = 0;
  while (Date.now() < end) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    while (sent < due) {
      sent += 1;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      inFlight += 1;
      const task = visit()
        .catch(() => undefined)
        .finally(() => {
          inFlight -= 1;
          pending.delete(task);
        });
      pending.add(task);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  for (const timer of timers) clearInterval(timer);
  sampleMemory();
  await warmUpCollected;
  await collectAll(collected.end);
  await editing;
  await publish(original);
  await readBuild();
  return { samples, skipped, sent, memory, collected, publishes, builds: [...builds.values()].slice(initialBuilds), started };
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { minutes: { type: 'string', default: '5' } },
    allowPositionals: true,
    strict: false,
  });
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes < 2) throw new CommandError('--minutes 至少为 2（其中 1 分钟为预热）');
  const profile = await startBenchProfile({ name: 'soak', webPort: WEB_PORT, cmsPort: CMS_PORT, adapters: 2, buildSite: true });
  let result: Awaited<ReturnType<typeof soak>>;
  try {
    // Editors' publishes reach the static pages as under ./portal start.
    profile.site!.watch(1_000);
    result = await soak(profile, minutes);
  } finally {
    await profile.stop();
  }

  const { samples, memory, publishes, builds, started } = result;
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) byRoute.set(sample.route, [...(byRoute.get(sample.route) ?? []), sample]);
  const statuses: Record<string, number> = {};
  for (const { status } of samples) statuses[status || 'no answer'] = (statuses[status || 'no answer'] ?? 0) + 1;
  const serverErrors = samples.filter((s) => s.status >= 500 || s.status === 0).length;
  const seconds = (Math.max(...samples.map((s) => s.at)) - started) / 1000;

  const afterWarmUp = memory.find((m) => m.at - started >= WARM_UP_MS) ?? memory[0]!;
  const last = memory.at(-1)!;
  // Growth: for the Node.js processes, once their garbage is collected (collected-memory.ts); for nginx, as sampled.
  const growth = Object.keys(last.rss).map((name) => {
    const peak = Math.max(...memory.filter((m) => m.at >= afterWarmUp.at).map((m) => m.rss[name]!));
    const [warm, end] = [result.collected.warmUp[name], result.collected.end[name]];
    const base = warm?.rssMb ?? afterWarmUp.rss[name]!;
    const finalRss = end?.rssMb ?? last.rss[name]!;
    return {
      name,
      start: memory[0]!.rss[name]!,
      sampledAfterWarmUp: afterWarmUp.rss[name]!,
      sampledEnd: last.rss[name]!,
      peak,
      collected: warm && end ? { warmUp: warm, end } : undefined,
      base,
      end: finalRss,
      growth: (finalRss - base) / base,
    };
  });
  const rows = [...byRoute.entries()]
    .map(([route, list]) => {
      const times = list.map((s) => s.ms).sort((a, b) => a - b);
      return {
        route,
        count: list.length,
        errors: list.filter((s) => s.status >= 500 || s.status === 0).length,
        other: list.filter((s) => s.status >= 400 && s.status < 500).length,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1)!,
      };
    })
    .sort((a, b) => b.count - a.count);

  const lines = [
    '',
    `Environment: ${environment()}, ${commitLine()}`,
    '',
    `Soak: ${minutes} min, ${result.sent} requests scheduled at ${RATE}/s (${(samples.length / seconds).toFixed(0)}/s answered${result.skipped ? `, ${result.skipped} not sent: ${MAX_IN_FLIGHT} already in flight` : ''}); answers by status: ${JSON.stringify(statuses)}`,
    '',
    '| route | requests | 5xx / no answer | 4xx | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.route} | ${r.count} | ${r.errors} | ${r.other} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} |`,
    ),
    '',
    `Resident memory (MB), sampled every ${MEMORY_EVERY_MS / 1000} s: at the start, after the ${WARM_UP_MS / 1000} s warm-up, at the end, the peak after the warm-up; then, for the Node.js processes, once their garbage was collected (two full collections through the inspector) after the warm-up and at the end, with the live heap. Growth since the warm-up, collected (nginx: sampled), must stay < ${MAX_GROWTH * 100} %`,
    '',
    '| process | start | after warm-up | end | peak | collected after warm-up (heap) | collected at the end (heap) | growth |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...growth.map(
      (g) =>
        `| ${g.name} | ${g.start} | ${g.sampledAfterWarmUp} | ${g.sampledEnd} | ${g.peak} | ${g.collected ? `${g.collected.warmUp.rssMb} (${g.collected.warmUp.heapUsedMb})` : '–'} | ${g.collected ? `${g.collected.end.rssMb} (${g.collected.end.heapUsedMb})` : '–'} | ${(g.growth * 100).toFixed(1)} % ${g.growth < MAX_GROWTH ? '✓' : '✗'} |`,
    ),
    '',
    `Publishes: ${publishes.length}, live on the static page after ${publishes.map((p) => (p.liveMs === null ? 'never' : `${(p.liveMs / 1000).toFixed(1)} s`)).join(', ')}`,
    `Site updates that ran: ${builds.length} (${builds.map((b) => `${b.result}${b.result === 'pages' ? ` ${b.rendered} pages` : ''} ${(b.durationMs / 1000).toFixed(1)} s`).join(', ')})`,
  ];
  console.log(lines.join('\n'));
  const file = path.join(profile.workDir, 'soak-results.json');
  mkdirSync(profile.workDir, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      { environment: environment(), minutes, rate: RATE, statuses, rows, growth, memory, publishes, builds, at: new Date().toISOString() },
      null,
      2,
    ),
  );
  log(`results written to ${path.relative(process.cwd(), file)}`);
  const problems = [
    serverErrors > 0 ? `${serverErrors} 个 5xx 或无答复` : '',
    ...growth.filter((g) => g.growth >= MAX_GROWTH).map((g) => `${g.name} 内存增长 ${(g.growth * 100).toFixed(1)} %`),
    publishes.some((p) => p.liveMs === null) ? '有发布未上线' : '',
    builds.length === 0 ? '没有运行任何网站更新' : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new CommandError(problems.join('；'));
}

await main();

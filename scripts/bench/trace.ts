/**
 * Where a page's main thread goes while it loads: a Chromium performance trace of each page (CPU slowed like the page
 * bench: BENCH_CPU, default 4), summarised as its long tasks (≥ 50 ms) and what each spent its time on: scripts by URL
 * and function, style, layout, paint. For finding the work behind a TBT, not for scores.
 *   (cd scripts && node bench/trace.ts http://127.0.0.1:8080 / /inheritors …)   TRACE_LOGIN=user:password logs in first;
 * TRACE_CSS='…' adds a style sheet to each page (to try a style change without a build); TRACE_BLOCK='regex' refuses the
 * requests whose URL matches (to see what a resource costs: images, fonts …); TRACE_FIRST_VISIT=1 keeps the home page's
 * once-a-session loading animation (Lighthouse's fresh tab sees it);
 * the raw traces are kept in TRACE_DIR (default /tmp), to open in Chromium's performance panel.
 */
import { writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../src/test-prerequisites.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: unlike dur, not stretched when other processes take the CPU. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    beginData?: { url?: string };
    data?: { url?: string; functionName?: string; frame?: string; stackTrace?: Array<{ url?: string; functionName?: string }> };
  };
}

/** The work a long task is made of (nested events count within their parents: a guide, not a ledger). */
const WORK = new Set([
  'EvaluateScript',
  'FunctionCall',
  'v8.compile',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'Decode Image',
]);

const [base, ...pages] = process.argv.slice(2);
if (!base || pages.length === 0) throw new Error('usage: trace.ts <site URL> <path>…');
const cpu = Number(process.env.BENCH_CPU ?? 4);
const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--enable-unsafe-swiftshader'] });
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
  // The site's content security policy would refuse TRACE_CSS's inline style sheet.
  bypassCSP: Boolean(process.env.TRACE_CSS),
});
if (process.env.TRACE_LOGIN) {
  const [username, password] = process.env.TRACE_LOGIN.split(':');
  const answer = (await (
    await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).json()) as {
    data: { token: string; user: { id: number; username: string } };
  };
  await context.addInitScript((login) => {
    localStorage.setItem('token', login.token);
    localStorage.setItem('user', JSON.stringify({ avatar: '', backgroundImage: '', id: login.user.id, username: login.user.username }));
  }, answer.data);
}
for (const pagePath of pages) {
  const page = await context.newPage();
  // The home page's loading animation shows once per session; TRACE_FIRST_VISIT=1 records it, as Lighthouse sees it.
  if (!process.env.TRACE_FIRST_VISIT) await page.addInitScript(() => sessionStorage.setItem('home-loader-seen', '1'));
  // TRACE_CSS: a style sheet added at the end of each page's <head>, to try a style change before making it.
  const css = process.env.TRACE_CSS;
  if (css)
    await page.route(
      (url) => url.pathname === pagePath,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('</head>', `<style>${css}</style></head>`);
        await route.fulfill({ response, body: html });
      },
    );
  const block = process.env.TRACE_BLOCK;
  if (block) await page.route(new RegExp(block), (route) => route.abort());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await browser.startTracing(page, {
    categories: ['toplevel', 'loading', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const buffer = await browser.stopTracing();
  const file = path.join(process.env.TRACE_DIR ?? tmpdir(), `trace-${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`);
  writeFileSync(file, buffer);
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer: the main thread that ran the most (the first renderer is about:blank's).
  const busiest = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask')
      busiest.set(`${e.pid}:${e.tid}`, (busiest.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur!);
  }
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The thread that parsed this page's HTML, else the busiest renderer.
  const parser = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(`${base}${pagePath}`));
  const main =
    mains.find((e) => parser && e.pid === parser.pid && e.tid === parser.tid) ??
    mains.sort((a, b) => (busiest.get(`${b.pid}:${b.tid}`) ?? 0) - (busiest.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const navigation = onMain.find((e) => e.name === 'ParseHTML')?.ts ?? onMain[0]!.ts;
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.dur! >= 50_000);
  let blocking = 0;
  const totals = new Map<string, number>();
  console.log(`\n${pagePath} (CPU ×${cpu}, load ${os.loadavg()[0]!.toFixed(1)}): ${tasks.length} long tasks`);
  for (const task of tasks) {
    blocking += task.dur! / 1000 - 50;
    const by = new Map<string, number>();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur! || !WORK.has(e.name)) continue;
      const data = e.args?.data;
      const url = (data?.url ?? data?.stackTrace?.[0]?.url ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 60);
      const where = `${e.name} ${url} ${data?.functionName ?? ''}`.trim();
      by.set(where, (by.get(where) ?? 0) + e.dur! / 1000);
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur! / 1000);
    }
    const top = [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  @${Math.round((task.ts - navigation) / 1000)} ms ${Math.round(task.dur! / 1000)} ms: ${top.map(([k, v]) => `${k} ${Math.round(v)}`).join(' | ')}`,
    );
  }
  console.log(
    `  in long tasks: ${[...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v)} ms`)
      .join(', ')}`,
  );
  console.log(`  blocking beyond 50 ms, summed: ${Math.round(blocking)} ms`);
  // The whole load's main thread, long tasks or not, as self CPU time per kind of work (a forced layout inside a
  // script counts as layout). CPU time, not wall time, so the figures hold on a busy machine: the ones to compare
  // before and after a change (the long tasks above stretch with the machine's load). Chromium's CPU throttling
  // spins, so its CPU time grows with BENCH_CPU and with the load: compare with BENCH_CPU=1.
  const selfTime = new Map<string, number>();
  const open: TraceEvent[] = [];
  let cpuTotal = 0;
  for (const e of onMain.filter((x) => WORK.has(x.name)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= e.ts) open.pop();
    const parent = open.at(-1);
    const cpuMs = (e.tdur ?? e.dur!) / 1000;
    if (parent) selfTime.set(parent.name, selfTime.get(parent.name)! - cpuMs);
    else cpuTotal += cpuMs;
    selfTime.set(e.name, (selfTime.get(e.name) ?? 0) + cpuMs);
    open.push(e);
  }
  console.log(
    `  main thread CPU, whole load: ${Math.round(cpuTotal)} ms = ${[...selfTime.entries()]
      .filter(([, v]) => v >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${Math.round(v)}`)
      .join(', ')} ms`,
  );
  await page.close();
}
await browser.close();

import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuilder } from '../../scripts/src/site.ts';
import { testEnv } from '../support/env.ts';
import { copySuiteSite, editedCulture, testSiteBuilder } from '../support/site-builder.ts';

// The render process lives only while editors work. A full build leaves on disk what each page read and Astro's
// bundled pages ({site}.render) and exits; a publish starts a render process from that state, and the process is stopped
// once idle. The test takes a copy of the suite's site and its render state (./portal test built both) and runs a
// builder of its own on them, with a short idle time: a publish goes live through a process started from the state, the
// process goes away when idle, the next publish goes live through a new one, and a page put back to its text comes out
// byte for byte as the full build wrote it (the resumed process renders with the same styles and scripts). While an
// editor works on public content in the admin, a process is started before the publish, which it then renders.
const IDLE_MS = 1_500;
let workDir = '';
let siteDir = '';
let builder: SiteBuilder | undefined;
let restore: (() => Promise<void>) | undefined;

beforeAll(() => {
  ({ workDir, siteDir } = copySuiteSite('site-render-lifecycle', { renderState: true }));
});

afterAll(async () => {
  await builder?.stop();
  await restore?.();
  rmSync(workDir, { recursive: true, force: true });
});

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
const itemFile = (id: number) => path.join(siteDir, 'culture', 'item', String(id), 'index.html');
const fullBuilds = (lines: string[]) => lines.filter((line) => line.startsWith('构建网站'));

describe('the render process', () => {
  it('starts from the full build’s state for a publish, exits when idle, and the next publish still goes live', async () => {
    const item = await editedCulture(4);
    restore = () => item.publish(item.description);
    const original = readFileSync(itemFile(item.id), 'utf8');
    expect(original).toContain('</html>');

    const lines: string[] = [];
    builder = testSiteBuilder(siteDir, { log: (line) => lines.push(line), renderIdleMs: IDLE_MS });

    // A publish: rendered by a process started from the state (no full build), which stays for the next one.
    const first = `渲染进程测试甲${Date.now().toString(36)}`;
    await item.publish(`${first}。${item.description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    expect(readFileSync(itemFile(item.id), 'utf8')).toContain(first);
    const pid = builder.renderPid;
    expect(pid).toBeDefined();
    expect(alive(pid!)).toBe(true);

    // Idle: the process is stopped, and its memory with it.
    for (const deadline = Date.now() + 30_000; builder.renderPid !== undefined || alive(pid!); await sleep(100)) {
      if (Date.now() > deadline) throw new Error('the idle render process was not stopped');
    }

    // The next publish starts a new process from the state the last one left, and goes live.
    const second = `渲染进程测试乙${Date.now().toString(36)}`;
    await item.publish(`${second}。${item.description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    const page = readFileSync(itemFile(item.id), 'utf8');
    expect(page).toContain(second);
    expect(page).not.toContain(first);
    expect(builder.renderPid).toBeDefined();
    expect(builder.renderPid).not.toBe(pid);

    // Put back: the page is the full build's, byte for byte (same styles, scripts and font state) but for the date the
    // article says it was published, which a publish moves.
    await restore();
    restore = undefined;
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    const publishedAtAside = (html: string) => html.replace(/"datePublished":"[^"]*"/, '"datePublished":""');
    expect(publishedAtAside(readFileSync(itemFile(item.id), 'utf8'))).toBe(publishedAtAside(original));
    expect(fullBuilds(lines)).toEqual([]);
  }, 300_000);

  it('is started while an editor works on public content in the admin, so the publish that follows needs no cold start', async () => {
    await builder?.stop();
    // The CMS says when an editor last worked: opening the entry in the admin moves it.
    const before = Date.now();
    const item = await editedCulture(5);
    const version = (await (
      await fetch(`${testEnv.cmsUrl}/api/portal/content-version`, { headers: { authorization: `Bearer ${testEnv.cmsToken}` } })
    ).json()) as { data: { editorActiveAt: string | null } };
    expect(Date.parse(version.data.editorActiveAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // Work longer ago than the idle time starts nothing: at rest the memory stays free. (Another test's publish
    // meanwhile is rendered first, by a process that stops at once.)
    const restingLines: string[] = [];
    const resting = testSiteBuilder(siteDir, { log: (line) => restingLines.push(line), renderIdleMs: 1 });
    for (let checks = 0; (await resting.update()).kind !== 'current'; checks += 1) expect(checks).toBeLessThan(5);
    expect(resting.renderPid).toBeUndefined();
    expect(restingLines.filter((line) => line.includes('预先启动'))).toEqual([]);
    await resting.stop();

    // Within it, a check starts a process from the state before anything is published…
    const lines: string[] = [];
    builder = testSiteBuilder(siteDir, { log: (line) => lines.push(line), renderIdleMs: 120_000 });
    await item.open();
    if ((await builder.update()).kind === 'current') expect(lines.filter((line) => line.includes('预先启动'))).toHaveLength(1);
    const warm = builder.renderPid;
    expect(warm).toBeDefined();
    expect(alive(warm!)).toBe(true);

    // …and the publish is rendered by that process.
    restore = () => item.publish(item.description);
    const marker = `渲染进程预热${Date.now().toString(36)}`;
    await item.publish(`${marker}。${item.description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    expect(readFileSync(itemFile(item.id), 'utf8')).toContain(marker);
    expect(builder.renderPid).toBe(warm);
    await restore();
    restore = undefined;
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    expect(fullBuilds(lines)).toEqual([]);
  }, 300_000);
});

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteBuilder } from '../../scripts/src/site.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';
import { everyInstanceFollowsTheCms } from '../support/instances.ts';

// The render process lives only while editors publish. A full build leaves on disk what each page read and Astro's
// bundled pages ({site}.render) and exits; a publish starts a render process from that state, and the process is stopped
// once idle. The test takes a copy of the suite's site and its render state (./portal test built both) and runs a
// builder of its own on them, with a short idle time: a publish goes live through a process started from the state, the
// process goes away when idle, the next publish goes live through a new one, and a page put back to its text comes out
// byte for byte as the full build wrote it (the resumed process renders with the same styles and scripts).
const COLLECTION = '/content-manager/collection-types/api::culture.culture';
const IDLE_MS = 1_500;
const workDir = path.join(testEnv.workDir, 'site-render-lifecycle');
const siteDir = path.join(workDir, 'site');
const suiteSite = path.join(testEnv.workDir, 'site');

let builder: SiteBuilder | undefined;
let restore: (() => Promise<void>) | undefined;

afterAll(async () => {
  await builder?.stop();
  await restore?.();
  rmSync(workDir, { recursive: true, force: true });
});

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

describe('the render process', () => {
  it('starts from the full build’s state for a publish, exits when idle, and the next publish still goes live', async () => {
    rmSync(workDir, { recursive: true, force: true });
    execFileSync('mkdir', ['-p', workDir]);
    // Hard links for the pages (the builder replaces files, never rewrites them); the state is small enough to copy.
    execFileSync('cp', ['-al', suiteSite, siteDir]);
    execFileSync('cp', ['-r', `${suiteSite}.render`, `${siteDir}.render`]);

    const token = await adminToken('editor');
    const { id } = (
      (await (await fetch(`${testEnv.webUrl}/api/culture/page?size=1&page=4`)).json()) as {
        data: { page: { records: Array<{ id: number }> } };
      }
    ).data.page.records[0]!;
    const found = await adminRequest(token, 'GET', `${COLLECTION}?filters[pid][$eq]=${id}&pageSize=1`);
    const document = (found.body as unknown as { results: Array<{ documentId: string; description: string }> }).results[0]!;
    const publish = async (description: string) => {
      expect((await adminRequest(token, 'PUT', `${COLLECTION}/${document.documentId}`, { description })).status).toBe(200);
      expect((await adminRequest(token, 'POST', `${COLLECTION}/${document.documentId}/actions/publish`, {})).status).toBe(200);
      await everyInstanceFollowsTheCms();
    };
    restore = () => publish(document.description);
    const itemFile = path.join(siteDir, 'culture', 'item', String(id), 'index.html');
    const original = readFileSync(itemFile, 'utf8');
    expect(original).toContain('</html>');

    const lines: string[] = [];
    builder = new SiteBuilder({
      apiUrl: testEnv.webUrl,
      cmsUrl: testEnv.cmsUrl,
      cmsToken: testEnv.cmsToken,
      outDir: siteDir,
      log: (line) => lines.push(line),
      webhookSecret: testEnv.webhookSecret,
      renderIdleMs: IDLE_MS,
    });

    // A publish: rendered by a process started from the state (no full build), which stays for the next one.
    const first = `渲染进程测试甲${Date.now().toString(36)}`;
    await publish(`${first}。${document.description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    expect(readFileSync(itemFile, 'utf8')).toContain(first);
    const pid = builder.renderPid;
    expect(pid).toBeDefined();
    expect(alive(pid!)).toBe(true);

    // Idle: the process is stopped, and its memory with it.
    for (const deadline = Date.now() + 30_000; builder.renderPid !== undefined || alive(pid!); await sleep(100)) {
      if (Date.now() > deadline) throw new Error('the idle render process was not stopped');
    }

    // The next publish starts a new process from the state the last one left, and goes live.
    const second = `渲染进程测试乙${Date.now().toString(36)}`;
    await publish(`${second}。${document.description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    const page = readFileSync(itemFile, 'utf8');
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
    expect(publishedAtAside(readFileSync(itemFile, 'utf8'))).toBe(publishedAtAside(original));
    expect(lines.filter((line) => line.startsWith('构建网站'))).toEqual([]);
  }, 300_000);
});

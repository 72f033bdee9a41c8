import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteState, type SiteBuildStatus } from '@feiyi/contract/site-build';
import { assertPortFree, startService, waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { nginxPath, renderNginxConfig } from '../../scripts/src/scale.ts';
import { fetchContentVersion, type SiteBuilder } from '../../scripts/src/site.ts';
import { testEnv } from '../support/env.ts';
import { copySuiteSite, editedCulture, testSiteBuilder } from '../support/site-builder.ts';

// The site build is killed (SIGKILL) half-way. The site is built by the one ./portal process that started the
// deployment (scripts/src/site.ts SiteBuilder: a render service child process builds into <site>.next, which then
// replaces the served folder); nothing else builds, so there is no lock to take. The test runs that builder itself,
// on a site folder of its own served by an nginx of its own (port web + 8), so the suite's site is left alone:
// an editor publishes, the build starts, the test kills the render service once it has begun writing its output.
// Visitors keep getting the previous site, whole; the build status says in Chinese what failed; the next publish
// builds and the new text is served.
const HOST = '127.0.0.1';
const NGINX_PORT = Number(new URL(testEnv.webUrl).port) + 8;
const nginxUrl = `http://${HOST}:${NGINX_PORT}`;
const workDir = path.join(testEnv.workDir, 'fault-site-build');
const siteDir = path.join(workDir, 'site');
const staging = `${siteDir}.next`;
const KILLED = '网站渲染服务被终止（信号 SIGKILL），本次构建未完成';

let nginx: Service | undefined;
let builder: SiteBuilder | undefined;
let restore: (() => Promise<void>) | undefined;
const secret = { 'x-webhook-secret': testEnv.webhookSecret, 'content-type': 'application/json' };

const buildStatus = async (): Promise<SiteBuildStatus> => {
  const response = await fetch(`${testEnv.webUrl}/api/internal/site-build`, { headers: secret });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SiteBuildStatus }).data;
};

beforeAll(async () => {
  const program = nginxPath();
  const adapters = (process.env.TEST_ADAPTER_URLS ?? '').split(',').filter(Boolean);
  if (!program || adapters.length === 0) throw new Error('run the suite with ./portal test --profile scale');
  await assertPortFree(NGINX_PORT, HOST, 'fault-test nginx');
  copySuiteSite('fault-site-build');
  const runtimeDir = path.join(workDir, 'nginx');
  const logDir = path.join(workDir, 'logs');
  mkdirSync(runtimeDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  writeFileSync(
    path.join(runtimeDir, 'security-headers.conf'),
    readFileSync(path.join(import.meta.dirname, '../../deploy/nginx/security-headers.conf')),
  );
  const configFile = path.join(runtimeDir, 'nginx.conf');
  writeFileSync(
    configFile,
    renderNginxConfig({
      listen: `${HOST}:${NGINX_PORT}`,
      upstreams: adapters.map((url) => new URL(url).host),
      siteDir,
      uploadsStore: process.env.TEST_UPLOAD_STORE_URL ?? '',
      legacyUploadsDir: path.join(testEnv.workDir, 'cms-public', 'uploads'),
      runtimeDir,
      logDir,
      brotli: false,
      user: process.getuid?.() === 0 ? 'root root' : undefined,
    }),
  );
  const errorLog = path.join(logDir, 'nginx-error.log');
  execFileSync(program, ['-t', '-q', '-e', errorLog, '-p', runtimeDir, '-c', configFile], { stdio: 'ignore' });
  nginx = startService({
    name: 'nginx',
    command: program,
    args: ['-e', errorLog, '-p', runtimeDir, '-c', configFile, '-g', 'daemon off;'],
    cwd: runtimeDir,
    env: { PATH: process.env.PATH },
    logDir,
  });
  await waitForHttp(`${nginxUrl}/api/health`, nginx);
});

afterAll(async () => {
  await builder?.stop();
  await restore?.();
  await nginx?.stop();
  for (const folder of [siteDir, staging, `${siteDir}.previous`]) rmSync(folder, { recursive: true, force: true });
});

/** Every file of a folder with its size: what a visitor can be served from it. */
function listing(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => statSync(path.join(dir, name)).isFile())
    .map((name) => `${name} ${statSync(path.join(dir, name)).size}`)
    .sort();
}

/** Whether the build has begun writing its output into the folder (the walk stops at the first file). */
function holdsAFile(dir: string): boolean {
  if (!existsSync(dir)) return false;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) return true;
    if (entry.isDirectory() && holdsAFile(path.join(dir, entry.name))) return true;
  }
  return false;
}

/** The render service building into the staging folder: a process of this test's builder, found by its arguments. */
function renderServicePid(): number | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.some((arg) => arg.endsWith(path.join('site-render', 'service.ts'))) && args.includes(staging)) return Number(pid);
  }
  return undefined;
}

const page = async (pathname: string) => {
  const response = await fetch(`${nginxUrl}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return response.text();
};

describe('a site build killed half-way', () => {
  it('keeps the previous site served whole, reports the failure in Chinese, and the next publish builds and serves the new text', async () => {
    // A culture item whose description its page shows; its original is put back at the end.
    const { id, description, publish } = await editedCulture(2);
    const suiteStatus = await buildStatus();
    restore = async () => {
      await publish(description);
      await fetch(`${testEnv.webUrl}/api/internal/site-build`, { method: 'PUT', headers: secret, body: JSON.stringify(suiteStatus) });
    };

    const itemPage = `/culture/item/${id}`;
    const before = { item: await page(itemPage), home: await page('/'), files: listing(siteDir) };

    const killedText = `构建中断测试${Date.now().toString(36)}`;
    await publish(`${killedText}。${description}`);
    const lines: string[] = [];
    builder = testSiteBuilder(siteDir, {
      log: (line) => lines.push(line),
    });
    const killedBuild = builder.update();
    killedBuild.catch(() => undefined);

    // Half-way: the render service has begun writing the build into the staging folder (its bundled scripts and styles
    // come first, the pages last: killed any later, the test would wait for most of a build for nothing).
    let pid: number | undefined;
    for (const deadline = Date.now() + 300_000; !(pid !== undefined && holdsAFile(staging)); await sleep(50)) {
      if (Date.now() > deadline) throw new Error('the build never began writing its output');
      pid ??= renderServicePid();
    }
    process.kill(pid, 'SIGKILL');
    await expect(killedBuild).rejects.toThrow(KILLED);

    // The previous site is served, whole: the same files, the same pages, none of the staging folder's.
    expect(listing(siteDir)).toEqual(before.files);
    expect(await page(itemPage)).toBe(before.item);
    expect(await page('/')).toBe(before.home);
    const failed = await buildStatus();
    expect(failed).toMatchObject({ result: 'failed', error: KILLED });
    expect(Date.parse(failed.failedAt!)).toBeGreaterThan(Date.parse(suiteStatus.builtAt ?? '1970-01-01'));

    // The next publish builds (in full: the killed service's memory of the pages is gone) and is served.
    const liveText = `构建恢复测试${Date.now().toString(36)}`;
    await publish(`${liveText}。${description}`);
    expect(await builder.update()).toEqual({ kind: 'full' });
    const served = await page(itemPage);
    expect(served).toContain(liveText);
    expect(served).not.toContain(killedText);
    expect(served.trimEnd().endsWith('</html>')).toBe(true);
    const live = await buildStatus();
    expect(live).toMatchObject({ result: 'full', error: KILLED, failedAt: failed.failedAt });
    expect(Date.parse(live.builtAt!)).toBeGreaterThan(Date.parse(failed.failedAt!));
    expect(siteState(live, await fetchContentVersion(testEnv.cmsUrl, testEnv.cmsToken))).toBe('live');
    // Two builds of the whole site, at a low CPU priority, on a machine the suite keeps busy: bounded by the waits above.
  }, 600_000);
});

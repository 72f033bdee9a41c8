import { createHash } from 'node:crypto';
import { type Dirent, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
import path from 'node:path';
import { stampFile } from './builds.ts';
import { CONTRACT_DIR, ROOT, SITE_DIR } from './paths.ts';
import { hashTree, readStamp, run, writeStamp } from './processes.ts';
import type { BuildEvent } from './portal-metrics.ts';
import { type SiteBucket, SiteSyncError } from './site-bucket.ts';
import { RenderService } from './site-render/client.ts';
import type { UpdateResult } from './site-render/protocol.ts';
import { commitState, committedBasis, discardState, statePaths } from './site-render/state.ts';
import { NO_SITE_BUILD, type SiteBuildStatus } from '../../contract/src/site-build.ts';

/** How long the CMS may take to answer the content-version check. */
export const CONTENT_VERSION_TIMEOUT_MS = 5000;

/**
 * The content-version check did not get an answer: nothing was built. Kept apart from a failed build, so the log
 * says which of the two happened (a busy CMS times out here; the site build never ran).
 */
export class ContentVersionError extends Error {}

/**
 * The CMS's fingerprint of public content (the same the adapter watches): the editorial types and the shop's products
 * and workshops as editors publish them (/charity and /inheritors are built with them); not stock and seats, which the
 * pages' islands follow live.
 */
export async function fetchContentVersion(cmsUrl: string, token: string, timeoutMs = CONTENT_VERSION_TIMEOUT_MS): Promise<string> {
  return (await fetchContentState(cmsUrl, token, timeoutMs)).version;
}

/** The content version, and when an editor last worked on public content in the admin (null: not since the CMS started). */
export async function fetchContentState(
  cmsUrl: string,
  token: string,
  timeoutMs = CONTENT_VERSION_TIMEOUT_MS,
): Promise<{ version: string; editorActiveAt: number | null }> {
  try {
    const response = await fetch(`${cmsUrl}/api/portal/content-version`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new ContentVersionError(`内容版本检查失败：内容管理服务答复 HTTP ${response.status}`);
    const { content, shop, editorActiveAt } = (
      (await response.json()) as { data: { content: string; shop: string; editorActiveAt?: string | null } }
    ).data;
    return { version: `${content}:${shop}`, editorActiveAt: editorActiveAt ? Date.parse(editorActiveAt) : null };
  } catch (error) {
    if (error instanceof ContentVersionError) throw error;
    throw new ContentVersionError(contentVersionProblem(error, timeoutMs));
  }
}

function contentVersionProblem(error: unknown, timeoutMs: number): string {
  const { name, message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  if (name === 'TimeoutError') return `内容版本检查超时：内容管理服务 ${seconds(timeoutMs)} 秒内未答复`;
  if (cause?.code) return `内容版本检查失败：无法连接内容管理服务（${cause.code}）`;
  return `内容版本检查失败：${cause?.message ?? message}`;
}

const seconds = (ms: number) => String(Number((ms / 1000).toFixed(2)));

/** The wait before the next check after `failures` failures in a row: the interval, doubled per failure, capped. */
export function retryDelay(intervalMs: number, failures: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, intervalMs * 2 ** failures);
}

/** What failed and why, in one Chinese sentence (the build's output tail follows its first line: its first error line says why). */
export function failureText(error: unknown): string {
  if (error instanceof ContentVersionError || error instanceof SiteSyncError) return error.message;
  const [first = '', ...output] = (error as Error).message.split('\n');
  const reason = output.map((line) => line.trim()).find((line) => /error|错误|失败/i.test(line));
  return `${first}${reason ? `（${reason}）` : ''}`;
}

/** One log line for a failed check or build: what failed, why, and when the next try is. */
export function watchFailureLine(error: unknown, delayMs: number): string {
  const retry = `${seconds(delayMs)} 秒后重试`;
  if (error instanceof ContentVersionError) return `${error.message}；未构建网站，继续提供当前版本，${retry}`;
  if (error instanceof SiteSyncError) return `${error.message}，${retry}`;
  return `网站重新构建失败，继续提供上一版：${failureText(error)}；${retry}`;
}

const SOURCES = [
  path.join(SITE_DIR, 'src'),
  path.join(SITE_DIR, 'public'),
  path.join(SITE_DIR, 'integrations'),
  path.join(SITE_DIR, 'astro.config.mjs'),
  path.join(SITE_DIR, 'package.json'),
  path.join(CONTRACT_DIR, 'src'),
  // The editor guide is a page of the site (/editor-guide/).
  path.join(ROOT, 'docs'),
];

/** How long a render process stays after its last update (SITE_RENDER_IDLE_SECONDS): an editor's publishes within ten
 * minutes of each other reuse the warm process (a cold one takes 10–15 s longer to go live); at rest it is gone. */
export const RENDER_IDLE_MS = Number(process.env.SITE_RENDER_IDLE_SECONDS ?? 600) * 1000;

/** What a check did: nothing (current), a full build, or an update of the pages a publish touched. */
export type BuildOutcome = { kind: 'current' } | { kind: 'full' } | { kind: 'pages'; rendered: number; removed: number; ms: number };

/**
 * Builds the static site from the API's published content, and brings it up to date when editors publish (the CMS's
 * content fingerprint changes). A full build runs in a render process (site-render/) that leaves on disk what each page
 * read and Astro's bundled pages ({site}.render, state.ts) and exits; after a publish a render process started from that
 * state renders only the pages that read a changed API answer, and stays for the next publish until it has been idle
 * for RENDER_IDLE_MS (a full build's process holds over a gigabyte; a resumed one a fraction, and only while editors work). Either way the result goes to a fresh folder (a
 * hard-linked copy of the served one, for an update) that then replaces the served one, so visitors never see a
 * half-built site; a failed build or render leaves the old site up. Source changes, a new PUBLIC_URL, a change that
 * touches most pages or anything the service is unsure of: the full build. With a bucket (SITE_S3_BUCKET), every build
 * is then synced to it (site-bucket.ts).
 */
export class SiteBuilder {
  private readonly options: {
    apiUrl: string;
    cmsUrl: string;
    cmsToken: string;
    outDir: string;
    log: (line: string) => void;
    /** PUBLIC_URL: the address phones reach (the payment QR code); without it pages use their own origin. */
    publicUrl?: string | undefined;
    /** The content-version check's timeout (CONTENT_VERSION_TIMEOUT_MS unless a test shortens it). */
    versionTimeoutMs?: number | undefined;
    /** The adapter's webhook secret: the render service asks it which answers changed in one call. */
    webhookSecret?: string | undefined;
    /**
     * Object storage the site is served from as well (behind a CDN; SITE_S3_BUCKET): brought up to date after every
     * build, and the build status then tells what the bucket serves.
     */
    bucket?: SiteBucket | undefined;
    /** Told of every build or update that ended, for the metrics (a content check that found nothing new is none). */
    onBuild?: ((event: BuildEvent) => void) | undefined;
    /** How long a render process stays after its last update (RENDER_IDLE_MS unless a test shortens it). */
    renderIdleMs?: number | undefined;
  };
  private building: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The render process while one runs: a full build, or one resumed from the state for publishes. */
  private service: RenderService | undefined;
  /** A resumed process has loaded its state (awaited by the publish that uses it; a failure is that publish's). */
  private serviceReady: Promise<void> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When the resumed process is stopped if nothing happens before (its idle timer's time). */
  private idleAt = 0;
  /** A process started ahead of a publish failed to load: none is started ahead again before this time. */
  private warmRetryAt = 0;
  /** A rendered heading needs characters the font slices lack: the next check builds everything. */
  private fontsStale = false;
  /** Set by watch(): have a render state ready (a full build if there is none) even when the site on disk is current. */
  private keepService = false;
  /** The content version of the check in progress (what the site shows once it succeeds). */
  private builtVersion: string | undefined;
  private status: SiteBuildStatus = { ...NO_SITE_BUILD };
  /** The bucket may lack the served folder's files: at the start (nothing is known of it) and after a failed sync. */
  private bucketBehind = true;
  /** A build the bucket does not have yet (its sync failed): reported once a later sync succeeds. */
  private unsynced: BuildOutcome | undefined;

  constructor(options: SiteBuilder['options']) {
    this.options = options;
  }

  /** Where the render state is kept: beside the served folder, never in it. */
  get stateDir(): string {
    return `${this.options.outDir}.render`;
  }

  private get stamp() {
    return stampFile(`site-${createHash('sha1').update(path.resolve(this.options.outDir)).digest('hex').slice(0, 12)}`);
  }

  private async expectedStamp(): Promise<{ stamp: string; basis: string; version: string; editorActiveAt: number | null }> {
    const publicUrl = this.options.publicUrl ?? '';
    const { version, editorActiveAt } = await fetchContentState(this.options.cmsUrl, this.options.cmsToken, this.options.versionTimeoutMs);
    const sources = hashTree(SOURCES);
    return { stamp: `${sources}:${version}:${publicUrl}`, basis: `${sources}:${publicUrl}`, version, editorActiveAt };
  }

  private get idleMs(): number {
    return this.options.renderIdleMs ?? RENDER_IDLE_MS;
  }

  /** Builds when the sources or the content changed since the last build (or always, with force). */
  async buildIfStale(force = false): Promise<boolean> {
    return (await this.update(force)).kind !== 'current';
  }

  /** Like buildIfStale, saying what it did; reports it to the adapter (GET /api/internal/site-build, for editors). */
  async update(force = false): Promise<BuildOutcome> {
    const started = Date.now();
    try {
      const outcome = await this.syncBucket(await this.updateOnce(force));
      if (outcome.kind !== 'current') {
        this.status = {
          ...this.status,
          contentVersion: this.builtVersion ?? null,
          builtAt: new Date().toISOString(),
          durationMs: Date.now() - started,
          result: outcome.kind,
          rendered: outcome.kind === 'pages' ? outcome.rendered : 0,
          removed: outcome.kind === 'pages' ? outcome.removed : 0,
        };
        this.options.onBuild?.({
          ok: true,
          kind: outcome.kind,
          seconds: (Date.now() - started) / 1000,
          pages: outcome.kind === 'pages' ? outcome.rendered : 0,
        });
        await this.reportStatus();
      }
      return outcome;
    } catch (error) {
      // The CMS not answering the content check is the CMS's outage (its own alert), not a failed build.
      if (!(error instanceof ContentVersionError)) {
        this.options.onBuild?.({ ok: false, kind: 'full', seconds: (Date.now() - started) / 1000, pages: 0 });
      }
      this.status = { ...this.status, result: 'failed', error: failureText(error), failedAt: new Date().toISOString() };
      await this.reportStatus();
      throw error;
    }
  }

  /**
   * Brings the bucket (when there is one) to the served folder after a build, or after a failed sync even when nothing
   * was built. A failure throws (the status says the build failed, and the bucket still serves the version before);
   * the next check tries again. Returns what the bucket now shows: the build, or the one an earlier sync failed to carry.
   */
  private async syncBucket(built: BuildOutcome): Promise<BuildOutcome> {
    const { bucket, outDir, log } = this.options;
    if (!bucket) return built;
    if (built.kind !== 'current') this.unsynced = built;
    else if (!this.bucketBehind) return built;
    this.bucketBehind = true;
    const { uploaded, deleted } = await bucket.sync(outDir);
    this.bucketBehind = false;
    if (uploaded > 0 || deleted > 0)
      log(`网站已同步到对象存储（存储桶 ${bucket.settings.bucket}）：上传 ${uploaded} 个文件，删除 ${deleted} 个`);
    const shown = this.unsynced ?? built;
    this.unsynced = undefined;
    return shown;
  }

  /** Tells the adapter what the last build did; a failed report is no reason to fail the build (the adapter may be restarting). */
  private async reportStatus(): Promise<void> {
    const { apiUrl, webhookSecret } = this.options;
    if (!webhookSecret) return;
    await fetch(`${apiUrl}/api/internal/site-build`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': webhookSecret },
      body: JSON.stringify(this.status),
      signal: AbortSignal.timeout(3000),
    }).catch(() => undefined);
  }

  private async updateOnce(force: boolean): Promise<BuildOutcome> {
    const { stamp, basis, version, editorActiveAt } = await this.expectedStamp();
    this.builtVersion = version;
    const built = existsSync(path.join(this.options.outDir, 'index.html'));
    const current = built && readStamp(this.stamp) === stamp && !this.fontsStale;
    // The render state describes the served site, built from these sources and PUBLIC_URL.
    const renderable = built && !this.fontsStale && committedBasis(this.stateDir) === basis;
    if (!force && current && renderable && editorActiveAt !== null) this.keepWarmFor(editorActiveAt);
    if (!force && current && (renderable || !this.keepService)) return { kind: 'current' };
    if (!force && renderable) {
      const outcome = await this.renderChanges(stamp, basis);
      if (outcome) return outcome;
    }
    await this.build(stamp, basis);
    return { kind: 'full' };
  }

  private buildEnv(): NodeJS.ProcessEnv {
    const { apiUrl, publicUrl, webhookSecret } = this.options;
    // PUBLIC_URL is read by the pages' scripts (import.meta.env); empty, they use their own origin.
    return {
      ...process.env,
      PORTAL_API_URL: apiUrl,
      PUBLIC_URL: publicUrl ?? '',
      ...(publicUrl ? { PORTAL_SITE_URL: publicUrl } : {}),
      ...(webhookSecret ? { PORTAL_WEBHOOK_SECRET: webhookSecret } : {}),
      ASTRO_TELEMETRY_DISABLED: '1',
    };
  }

  /** Renders the pages the change touched into a copy of the served site and swaps it in; undefined: build everything. */
  private async renderChanges(stamp: string, basis: string): Promise<BuildOutcome | undefined> {
    const { outDir, log } = this.options;
    clearTimeout(this.idleTimer);
    const next = `${outDir}.next`;
    const started = Date.now();
    // No process since the last went idle (nor one started for an editor at work): one starts from the state while the
    // copy is made.
    if (!this.service?.alive) this.resumeService();
    const service = this.service!;
    let result: UpdateResult;
    let resumedOk = false;
    try {
      rmSync(next, { recursive: true, force: true });
      // Hard links: the copy costs no page's bytes, and the service replaces (never rewrites) the files it renders.
      await run('cp', ['-al', outDir, next], { cwd: path.dirname(outDir), quiet: true, label: '复制网站' });
      await this.serviceReady;
      resumedOk = true;
      result = await service.update(next);
    } catch (error) {
      // The process's memory of what the pages read may be half-updated: it goes. The state on disk still describes the
      // served site (a render writes state.next, committed only with its pages), so the next check starts a new process
      // from it; a state no process can start from is dropped, and the next check builds everything.
      this.stopService();
      if (resumedOk) rmSync(statePaths(this.stateDir).stateNext, { force: true });
      else discardState(this.stateDir);
      rmSync(next, { recursive: true, force: true });
      throw error;
    }
    if (result.kind === 'unsure') {
      rmSync(next, { recursive: true, force: true });
      log(`${result.reason}（变化：${result.changedSample.join('，')}）：整站重新构建`);
      return undefined;
    }
    swapIn(next, outDir);
    writeStamp(this.stamp, stamp);
    commitState(this.stateDir, basis);
    this.stopWhenIdle(Date.now() + this.idleMs);
    if (result.fontCharsAdded > 0) log(`新发布的标题用到 ${result.fontCharsAdded} 个新字：已加入一个补充字体切片，无需整站构建`);
    if (result.fontsStale) {
      this.fontsStale = true;
      log('新发布的标题用到字体切片里没有的字：稍后整站重新构建一次');
    }
    return { kind: 'pages', rendered: result.rendered.length, removed: result.removed.length, ms: Date.now() - started };
  }

  private async build(stamp: string, basis: string): Promise<void> {
    const { outDir, log } = this.options;
    const next = `${outDir}.next`;
    this.stopService();
    rmSync(next, { recursive: true, force: true });
    mkdirSync(this.stateDir, { recursive: true });
    log('构建网站…');
    // The building process is the renderer while it runs (its memory is in the metrics); it exits once built.
    const service = RenderService.build(next, this.stateDir, this.buildEnv(), 10);
    this.service = service;
    try {
      await service.ready();
      await precompress(next);
    } catch (error) {
      this.stopService();
      const { stateNext, prerenderNext } = statePaths(this.stateDir);
      rmSync(stateNext, { force: true });
      rmSync(prerenderNext, { recursive: true, force: true });
      throw error;
    }
    if (this.service === service) this.service = undefined;
    swapIn(next, outDir);
    writeStamp(this.stamp, stamp);
    commitState(this.stateDir, basis);
    this.fontsStale = false;
  }

  /** Starts a render process from the state on disk; serviceReady settles once it has loaded it. */
  private resumeService(): void {
    const service = RenderService.resume(this.stateDir, this.buildEnv(), 10);
    this.service = service;
    this.serviceReady = service.ready();
    // Awaited by the publish that uses it; a process stopped idle before any publish failed no one.
    this.serviceReady.catch(() => undefined);
  }

  /**
   * An editor worked on public content in the admin at `activeAt`: a render process is ready (started now if there is
   * none) and stays until the idle time after that, so the publish that follows goes live without a cold start. At rest
   * (no editor within the idle time) none is started, and its memory stays free.
   */
  private keepWarmFor(activeAt: number): void {
    const until = activeAt + this.idleMs;
    if (until <= Date.now()) return;
    if (!this.service?.alive) {
      // One that could not start is not tried again ahead of a publish for a while (the publish itself still is).
      if (Date.now() < this.warmRetryAt) return;
      this.resumeService();
      const ready = this.serviceReady;
      ready?.catch(() => {
        if (this.serviceReady === ready) this.warmRetryAt = Date.now() + this.idleMs;
      });
      this.options.log('编辑正在后台工作：预先启动网站渲染进程，发布后更快上线');
    }
    if (until > this.idleAt) this.stopWhenIdle(until);
  }

  private stopWhenIdle(at: number): void {
    clearTimeout(this.idleTimer);
    this.idleAt = at;
    this.idleTimer = setTimeout(() => this.stopService(), Math.max(0, at - Date.now()));
    this.idleTimer.unref();
  }

  private stopService(): void {
    clearTimeout(this.idleTimer);
    this.idleAt = 0;
    this.service?.stop();
    this.service = undefined;
    this.serviceReady = undefined;
  }

  /**
   * Re-checks the content fingerprint every intervalMs and updates the site after a publish. A failed check or build
   * is logged as what it was and tried again after a growing wait (doubled per failure, at most maxDelayMs); one
   * check at a time, the next scheduled when the last has finished (publishes meanwhile are taken together).
   */
  watch(intervalMs: number, maxDelayMs = intervalMs * 8): void {
    const { log } = this.options;
    let failures = 0;
    this.keepService = true;
    const check = () => {
      this.building = this.update()
        .then((outcome) => {
          failures = 0;
          const time = new Date().toLocaleTimeString('zh-CN');
          if (outcome.kind === 'full') log(`网站已按最新发布的内容重新构建（${time}）`);
          if (outcome.kind === 'pages') {
            log(`网站已按最新发布的内容更新 ${outcome.rendered} 个页面、移除 ${outcome.removed} 个（${seconds(outcome.ms)} 秒，${time}）`);
          }
        })
        .catch((error: unknown) => {
          failures += 1;
          log(watchFailureLine(error, retryDelay(intervalMs, failures, maxDelayMs)));
        })
        .finally(() => {
          this.building = undefined;
          schedule(failures === 0 ? intervalMs : retryDelay(intervalMs, failures, maxDelayMs));
        });
    };
    const schedule = (delayMs: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(check, delayMs);
      this.timer.unref();
    };
    this.stopped = false;
    schedule(intervalMs);
  }

  /** The render process while one runs, building or rendering publishes (its memory is in the metrics). */
  get renderPid(): number | undefined {
    return this.service?.alive ? this.service.pid : undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.keepService = false;
    clearTimeout(this.timer);
    // A build that fails while stopping has said so already; stopping goes on (a throw here left the services running).
    await Promise.resolve(this.building).catch(() => undefined);
    this.stopService();
  }
}

/** How long a script or style of an earlier build stays served after a new build replaced it. */
export const KEPT_ASSET_MS = 24 * 60 * 60 * 1000;

/**
 * Links into the new build the hashed scripts and styles of the served one that it lacks (a rebuild after new glyphs, for
 * instance, renames the font's style sheet and every chunk that names it): a page loaded before the swap still loads the
 * chunk it asks for later (a dialog opened after the swap) instead of a 404. Files older than KEPT_ASSET_MS are let go.
 */
export function keepEarlierAssets(next: string, outDir: string, now = Date.now()): number {
  const earlier = path.join(outDir, '_astro');
  const target = path.join(next, '_astro');
  if (!existsSync(earlier) || !existsSync(target)) return 0;
  const present = new Set(readdirSync(target));
  let kept = 0;
  for (const name of readdirSync(earlier)) {
    if (present.has(name)) continue;
    const file = path.join(earlier, name);
    const stat = statSync(file);
    if (!stat.isFile() || now - stat.mtimeMs > KEPT_ASSET_MS) continue;
    linkSync(file, path.join(target, name));
    kept += 1;
  }
  return kept;
}

/** Replaces the served folder with next: two renames, so a visitor gets the old site or the new one. */
function swapIn(next: string, outDir: string): void {
  keepEarlierAssets(next, outDir);
  const previous = `${outDir}.previous`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(next, outDir);
  rmSync(previous, { recursive: true, force: true });
}

const COMPRESSIBLE = /\.(html|css|js|mjs|json|jsonl|jsonld|csv|svg|xml|txt|webmanifest)$/;

/**
 * Brotli and gzip copies next to each text file (index.html.br …), served by the adapter to
 * browsers that accept them: compressed once at build time, never per request.
 */
/**
 * Writes .br and .gz copies of the built text files, on the thread pool (both cores). Pages change with every
 * publish and there are thousands of them: brotli quality 9 (a few per cent larger, many times faster to make).
 * The hashed assets under _astro are few and cached for good: quality 11.
 */
export async function precompress(dir: string): Promise<number> {
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return precompressFiles(files);
}

/** The .br and .gz copies of these files (those worth compressing); returns how many were compressed. */
export async function precompressFiles(files: readonly string[]): Promise<number> {
  let count = 0;
  const compressOne = async (file: string) => {
    const content = await readFile(file);
    if (content.length < 1024) return;
    const quality = file.includes(`${path.sep}_astro${path.sep}`) ? 11 : 9;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          // A window no larger than the file: small pages then need no 16 MB buffers (measured: most of the time was the kernel's).
          [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(content.length)))),
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  };
  // A few at a time: the thread pool has four workers; more in flight would only hold more files in memory.
  const queue = files.filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) await compressOne(file);
    }),
  );
  return count;
}

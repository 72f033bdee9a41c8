import { createHash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);
import path from 'node:path';
import { stampFile } from './builds.ts';
import { ADAPTER_DIR, SITE_DIR } from './paths.ts';
import { hashTree, readStamp, run, writeStamp } from './processes.ts';

/** How long the CMS may take to answer the content-version check. */
export const CONTENT_VERSION_TIMEOUT_MS = 5000;

/**
 * The content-version check did not get an answer: nothing was built. Kept apart from a failed build, so the log
 * says which of the two happened (a busy CMS times out here; the site build never ran).
 */
export class ContentVersionError extends Error {}

/** The CMS's fingerprint of public content (the same the adapter watches). */
export async function fetchContentVersion(cmsUrl: string, token: string, timeoutMs = CONTENT_VERSION_TIMEOUT_MS): Promise<string> {
  try {
    const response = await fetch(`${cmsUrl}/api/portal/content-version`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new ContentVersionError(`内容版本检查失败：内容管理服务答复 HTTP ${response.status}`);
    return ((await response.json()) as { data: { content: string } }).data.content;
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

/** One log line for a failed check or build: what failed, why, and when the next try is. */
export function watchFailureLine(error: unknown, delayMs: number): string {
  const retry = `${seconds(delayMs)} 秒后重试`;
  if (error instanceof ContentVersionError) return `${error.message}；未构建网站，继续提供当前版本，${retry}`;
  const [first = '', ...output] = (error as Error).message.split('\n');
  // The build's output tail follows the first line: its first error line says why.
  const reason = output.map((line) => line.trim()).find((line) => /error|错误|失败/i.test(line));
  return `网站重新构建失败，继续提供上一版：${first}${reason ? `（${reason}）` : ''}；${retry}`;
}

const SOURCES = [
  path.join(SITE_DIR, 'src'),
  path.join(SITE_DIR, 'public'),
  path.join(SITE_DIR, 'integrations'),
  path.join(SITE_DIR, 'astro.config.mjs'),
  path.join(SITE_DIR, 'package.json'),
  path.join(ADAPTER_DIR, 'src', 'contract'),
];

/**
 * Builds the static site from the API's published content, and rebuilds it when editors publish
 * (the CMS's content fingerprint changes). A build goes to a fresh folder that then replaces the
 * served one, so visitors never see a half-built site; a failed build leaves the old site up.
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
  };
  private building: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(options: SiteBuilder['options']) {
    this.options = options;
  }

  private get stamp() {
    return stampFile(`site-${createHash('sha1').update(path.resolve(this.options.outDir)).digest('hex').slice(0, 12)}`);
  }

  private async expectedStamp(): Promise<string> {
    const publicUrl = this.options.publicUrl ?? '';
    const version = await fetchContentVersion(this.options.cmsUrl, this.options.cmsToken, this.options.versionTimeoutMs);
    return `${hashTree(SOURCES)}:${version}:${publicUrl}`;
  }

  /** Builds when the sources or the content changed since the last build (or always, with force). */
  async buildIfStale(force = false): Promise<boolean> {
    const expected = await this.expectedStamp();
    if (!force && existsSync(path.join(this.options.outDir, 'index.html')) && readStamp(this.stamp) === expected) return false;
    await this.build(expected);
    return true;
  }

  private async build(stamp: string): Promise<void> {
    const { outDir, apiUrl, log, publicUrl } = this.options;
    const next = `${outDir}.next`;
    const previous = `${outDir}.previous`;
    rmSync(next, { recursive: true, force: true });
    log('构建网站…');
    const astro = path.join(SITE_DIR, 'node_modules', 'astro', 'bin', 'astro.mjs');
    await run(process.execPath, [astro, 'build', '--outDir', next], {
      cwd: SITE_DIR,
      // PUBLIC_URL is read by the pages' scripts (import.meta.env); empty, they use their own origin.
      env: {
        ...process.env,
        PORTAL_API_URL: apiUrl,
        PUBLIC_URL: publicUrl ?? '',
        ...(publicUrl ? { PORTAL_SITE_URL: publicUrl } : {}),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      quiet: true,
      label: '网站构建',
      niceness: 10,
    });
    await precompress(next);
    rmSync(previous, { recursive: true, force: true });
    if (existsSync(outDir)) renameSync(outDir, previous);
    renameSync(next, outDir);
    rmSync(previous, { recursive: true, force: true });
    writeStamp(this.stamp, stamp);
  }

  /**
   * Re-checks the content fingerprint every intervalMs and rebuilds after a publish. A failed check or build is
   * logged as what it was and tried again after a growing wait (doubled per failure, at most maxDelayMs); one check
   * at a time, the next scheduled when the last has finished.
   */
  watch(intervalMs: number, maxDelayMs = intervalMs * 8): void {
    const { log } = this.options;
    let failures = 0;
    const check = () => {
      this.building = this.buildIfStale()
        .then((rebuilt) => {
          failures = 0;
          if (rebuilt) log(`网站已按最新发布的内容重新构建（${new Date().toLocaleTimeString('zh-CN')}）`);
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

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.building;
  }
}

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

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
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) await compressOne(file);
    }),
  );
  return count;
}

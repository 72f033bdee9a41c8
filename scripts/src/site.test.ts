import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { CommandError } from './processes.ts';
import {
  ContentVersionError,
  KEPT_ASSET_MS,
  SiteBuilder,
  fetchContentVersion,
  keepEarlierAssets,
  precompress,
  retryDelay,
  watchFailureLine,
} from './site.ts';

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
    mkdirSync(path.join(dir, '_astro'));
    const html = `<!doctype html><p>${'非遗中国'.repeat(400)}</p>`;
    writeFileSync(path.join(dir, 'index.html'), html);
    writeFileSync(path.join(dir, '_astro', 'app.js'), 'console.log(1);'.repeat(200));
    writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    writeFileSync(path.join(dir, 'photo.png'), Buffer.alloc(4096));
    expect(await precompress(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(path.join(dir, '_astro', 'app.js.gz'))).toString()).toBe('console.log(1);'.repeat(200));
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.png.br'))).toBe(false);
  });
});

describe('the rebuild watch', () => {
  /** A CMS that takes every content-version request and never answers it, as a CMS under load may. */
  async function silentCms() {
    const requests: number[] = [];
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => {
      requests.push(performance.now());
      held.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const close = async () => {
      for (const response of held) response.destroy();
      await new Promise((resolve) => server.close(resolve));
    };
    return { url: `http://127.0.0.1:${port}`, requests, close };
  }

  it('says the content-version check timed out (no build ran) and retries after a doubling wait', async () => {
    const cms = await silentCms();
    const lines: string[] = [];
    const loggedAt: number[] = [];
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'site-watch-')), 'dist');
    const site = new SiteBuilder({
      apiUrl: cms.url,
      cmsUrl: cms.url,
      cmsToken: 't',
      outDir,
      log: (line) => {
        lines.push(line);
        loggedAt.push(performance.now());
      },
      versionTimeoutMs: 30,
    });
    site.watch(10, 80);
    try {
      await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(4), { timeout: 15_000, interval: 20 });
    } finally {
      await site.stop();
      await cms.close();
    }
    const timedOut = '内容版本检查超时：内容管理服务 0.03 秒内未答复；未构建网站，继续提供当前版本，';
    expect(lines.slice(0, 4)).toEqual([
      `${timedOut}0.02 秒后重试`,
      `${timedOut}0.04 秒后重试`,
      `${timedOut}0.08 秒后重试`,
      `${timedOut}0.08 秒后重试`,
    ]);
    expect(lines.some((line) => line.includes('网站重新构建失败'))).toBe(false);
    expect(existsSync(outDir)).toBe(false);
    // Each retry came at least its wait after the previous check gave up.
    const waited = cms.requests.slice(1, 4).map((at, i) => at - loggedAt[i]!);
    for (const [i, wait] of [20, 40, 80].entries()) expect(waited[i]).toBeGreaterThanOrEqual(wait);
  });

  it('says when the CMS cannot be reached', async () => {
    const cms = await silentCms();
    await cms.close();
    await expect(fetchContentVersion(cms.url, 't')).rejects.toThrow(
      new ContentVersionError('内容版本检查失败：无法连接内容管理服务（ECONNREFUSED）'),
    );
  });

  it('tells a failed build from a failed check, with the build’s first error line', () => {
    const build = new CommandError(
      '网站构建 失败（退出码 1）\n\nbuilding pages…\n[ERROR] [build] 无法读取 /api/home：HTTP 503\n  at getStaticPaths',
    );
    expect(watchFailureLine(build, 10_000)).toBe(
      '网站重新构建失败，继续提供上一版：网站构建 失败（退出码 1）（[ERROR] [build] 无法读取 /api/home：HTTP 503）；10 秒后重试',
    );
    expect(watchFailureLine(new ContentVersionError('内容版本检查失败：内容管理服务答复 HTTP 503'), 5_000)).toBe(
      '内容版本检查失败：内容管理服务答复 HTTP 503；未构建网站，继续提供当前版本，5 秒后重试',
    );
  });

  it('doubles the wait per failure up to its cap', () => {
    expect([1, 2, 3, 4, 5].map((failures) => retryDelay(5_000, failures, 40_000))).toEqual([10_000, 20_000, 40_000, 40_000, 40_000]);
  });
});

describe('keepEarlierAssets', () => {
  it('links the served build’s scripts the new one lacks, keeps the new one’s own, and lets old ones go', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'feiyi-assets-'));
    const served = path.join(root, 'site');
    const next = path.join(root, 'site.next');
    mkdirSync(path.join(served, '_astro'), { recursive: true });
    mkdirSync(path.join(next, '_astro'), { recursive: true });
    writeFileSync(path.join(served, '_astro', 'BookingDialog.old1.js'), 'old chunk');
    writeFileSync(path.join(served, '_astro', 'shared.same.js'), 'served copy');
    writeFileSync(path.join(served, '_astro', 'ancient.js'), 'two days old');
    const twoDaysAgo = (Date.now() - 2 * KEPT_ASSET_MS) / 1000;
    utimesSync(path.join(served, '_astro', 'ancient.js'), twoDaysAgo, twoDaysAgo);
    writeFileSync(path.join(next, '_astro', 'BookingDialog.new2.js'), 'new chunk');
    writeFileSync(path.join(next, '_astro', 'shared.same.js'), 'new copy');

    expect(keepEarlierAssets(next, served)).toBe(1);
    expect(readdirSync(path.join(next, '_astro')).sort()).toEqual(['BookingDialog.new2.js', 'BookingDialog.old1.js', 'shared.same.js']);
    expect(readFileSync(path.join(next, '_astro', 'BookingDialog.old1.js'), 'utf8')).toBe('old chunk');
    expect(readFileSync(path.join(next, '_astro', 'shared.same.js'), 'utf8')).toBe('new copy');
  });
});

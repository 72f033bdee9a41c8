import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './site.ts';

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

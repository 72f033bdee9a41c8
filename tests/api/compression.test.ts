import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { culturePageResponse } from '@feiyi/contract';
import { testEnv } from '../support/env.ts';

// Raw HTTP (fetch would decompress silently): what the adapter puts on the wire.
function rawGet(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${testEnv.webUrl}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// The pages' precompressed copy: brotli, unless the scale profile's nginx lacks Debian's brotli module (then gzip).
const pageEncoding = process.env.TEST_PAGE_ENCODING === 'gzip' ? 'gzip' : 'br';
const decompressPage = (body: Buffer) => (pageEncoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString();

describe('compressed answers', () => {
  it('sends cached API answers as brotli or gzip when accepted, plain otherwise', async () => {
    const path = '/api/culture/page?page=1&size=10';
    const plain = await rawGet(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(() => culturePageResponse.parse(JSON.parse(plain.body.toString()))).not.toThrow();

    const br = await rawGet(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await rawGet(path, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('serves the site’s pages precompressed', async () => {
    const plain = await rawGet('/');
    expect(plain.status).toBe(200);
    const compressed = await rawGet('/', pageEncoding);
    expect(compressed.headers['content-encoding']).toBe(pageEncoding);
    expect(decompressPage(compressed.body)).toBe(plain.body.toString());
  });

  it('answers a page’s address without the trailing slash with the page itself, not a redirect', async () => {
    for (const path of ['/inheritors', '/area/1', '/login']) {
      const bare = await rawGet(path, pageEncoding);
      const slashed = await rawGet(`${path}/`, pageEncoding);
      expect(bare.status, path).toBe(200);
      expect(bare.headers.location, path).toBeUndefined();
      expect(bare.headers['content-type'], path).toMatch(/^text\/html/);
      expect(bare.headers['content-encoding'], path).toBe(pageEncoding);
      expect(decompressPage(bare.body), path).toBe(decompressPage(slashed.body));
    }
    const plain = await rawGet('/inheritors');
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toContain('<h1');
  });
});

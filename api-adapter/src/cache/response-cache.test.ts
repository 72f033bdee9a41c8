import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, ResponseCache, toCachedBody } from './response-cache.ts';

const large = { records: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `京剧第${i}条`, content: '西皮二黄'.repeat(20) })) };

describe('ResponseCache', () => {
  it('builds an answer once per version and key', () => {
    const cache = new ResponseCache();
    let builds = 0;
    const build = () => ({ n: ++builds });
    expect(cache.get(1, 'a', build).body.toString()).toBe('{"n":1}');
    expect(cache.get(1, 'a', build).body.toString()).toBe('{"n":1}');
    expect(cache.get(2, 'a', build).body.toString()).toBe('{"n":2}');
  });

  it('drops the oldest entry past its size and rebuilds after a ttl', async () => {
    const cache = new ResponseCache(2);
    let builds = 0;
    const build = () => ++builds;
    cache.get(1, 'a', build);
    cache.get(1, 'b', build);
    cache.get(1, 'c', build);
    expect(cache.get(1, 'a', build).body.toString()).toBe('4');
    cache.get(1, 't', build, 5);
    await new Promise((r) => setTimeout(r, 10));
    expect(cache.get(1, 't', build, 5).body.toString()).toBe('6');
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and the copies decompress to the same bytes', () => {
    const cached = toCachedBody(large);
    const br = negotiateEncoding(cached, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(cached.body)).toBe(true);
    expect(br.body.length).toBeLessThan(cached.body.length / 3);
    const gzip = negotiateEncoding(cached, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(cached.body)).toBe(true);
    expect(negotiateEncoding(cached, 'gzip').body).toBe(gzip.body);
  });

  it('sends small answers and clients without Accept-Encoding the plain bytes', () => {
    const cached = toCachedBody(large);
    expect(negotiateEncoding(cached, undefined)).toEqual({ body: cached.body });
    expect(negotiateEncoding(cached, 'identity')).toEqual({ body: cached.body });
    const small = toCachedBody({ ok: true });
    expect(negotiateEncoding(small, 'br')).toEqual({ body: small.body });
  });
});

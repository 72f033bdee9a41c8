import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheLookup, type CacheLookupMessage } from '../metrics/channels.ts';

export interface CachedBody {
  /** Encoded once: writing a ready buffer is much cheaper than encoding a string per request. */
  body: Buffer;
  etag: string;
  /** Compressed copies, made on first demand and then reused: compression costs once, not per request. */
  br?: Buffer;
  gzip?: Buffer;
}

export function toCachedBody(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  // Weak: the same answer may travel plain, gzip or brotli (RFC 9110 §8.8.1).
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Below this size compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/** The body to send for the client's Accept-Encoding: brotli, then gzip, else identity. */
export function negotiateEncoding(cached: CachedBody, acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; body: Buffer } {
  if (!acceptEncoding || cached.body.length < COMPRESS_MIN_BYTES) return { body: cached.body };
  if (/\bbr\b/.test(acceptEncoding)) {
    cached.br ??= brotliCompressSync(cached.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: cached.body.length },
    });
    return { encoding: 'br', body: cached.br };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    cached.gzip ??= gzipSync(cached.body, { level: 9 });
    return { encoding: 'gzip', body: cached.gzip };
  }
  return { body: cached.body };
}

/**
 * Serialised answers for public reads, keyed by snapshot version and query. A new snapshot version
 * empties it, so an answer never outlives the content it was built from.
 */
export class ResponseCache {
  private entries = new Map<string, CachedBody & { expiresAt: number }>();
  private version = -1;
  private readonly maxEntries: number;

  constructor(maxEntries = 2000) {
    this.maxEntries = maxEntries;
  }

  /** `ttlMs` bounds answers that change without a new version (view counts). */
  get(version: number, key: string, build: () => unknown, ttlMs = Infinity): CachedBody {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const hit = this.entries.get(key);
    const fresh = hit !== undefined && hit.expiresAt > Date.now();
    if (cacheLookup.hasSubscribers) cacheLookup.publish({ hit: fresh } satisfies CacheLookupMessage);
    if (fresh) return hit;
    const built = { ...toCachedBody(build()), expiresAt: Date.now() + ttlMs };
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, built);
    return built;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Sends a cached JSON answer with an ETag (a matching If-None-Match gets 304 and no body),
 * compressed when the client accepts it.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('cache-control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=60');
  reply.header('etag', cached.etag);
  reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === cached.etag) {
    return reply.code(304).send();
  }
  const { encoding, body } = negotiateEncoding(cached, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedBody {
  /** Encoded once: writing a ready buffer is much cheaper than encoding a string per request. */
  body: Buffer;
  etag: string;
}

export function toCachedBody(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
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
    if (hit && hit.expiresAt > Date.now()) return hit;
    const fresh = { ...toCachedBody(build()), expiresAt: Date.now() + ttlMs };
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, fresh);
    return fresh;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Sends a cached JSON answer with an ETag; a matching If-None-Match gets 304 and no body. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('cache-control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=60');
  reply.header('etag', cached.etag);
  if (request.headers['if-none-match'] === cached.etag) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * One id per request, end to end: nginx's (or a client's) X-Request-Id, or a new one. The adapter's log lines for the
 * request carry it (Fastify's reqId), the answer returns it, and the calls made for it send it to the CMS, whose log
 * lines carry it too: a visitor's error message can be followed to the lines of both.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: a well-formed incoming id is kept (anything else, of any length, is replaced). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

const context = new AsyncLocalStorage<{ id: string }>();

/** The id of the request being answered, for the CMS client's calls (undefined outside a request: the content watch). */
export const currentRequestId = (): string | undefined => context.getStore()?.id;

/** Hooks: the answer names its id; the handler runs with it in context; failed and refused answers are logged with it. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    context.run({ id: request.id }, done);
  });
  // Only answers that went wrong are logged (every answer would cost more than the cached reads themselves): the 5xx as
  // warnings, refusals at info. Not found and not modified are the normal course of things.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    // An unready instance's readiness answers 503 every poll: that is its state (in the metrics), not a failure.
    if (request.url.startsWith('/api/health')) return done();
    if (status >= 500)
      request.log.warn({ method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) }, 'request failed');
    else if (status >= 400 && status !== 404) {
      request.log.info({ method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime) }, 'request refused');
    }
    done();
  });
}

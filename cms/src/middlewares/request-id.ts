import type { Core } from '@strapi/strapi';
import { requestContext, requestIdFrom } from '../observability/request-id';

/** Requests slower than this are logged even when they succeed. */
const SLOW_MS = 1000;

/**
 * Runs each request with its id (X-Request-Id from the adapter) in context, answers it back, and logs the requests that
 * went wrong or slow: the id starts those lines and any other logged meanwhile (observability/request-id.ts).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  return async (
    ctx: { method: string; path: string; status: number; get(name: string): string; set(name: string, value: string): void },
    next: () => Promise<unknown>,
  ) => {
    const id = requestIdFrom(ctx.get('x-request-id'));
    if (!id) return next();
    ctx.set('x-request-id', id);
    return requestContext.run({ id }, async () => {
      const started = Date.now();
      try {
        await next();
      } finally {
        const ms = Date.now() - started;
        const line = `${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms`;
        if (ctx.status >= 500) strapi.log.error(line);
        else if (ms > SLOW_MS) strapi.log.warn(`${line}（慢）`);
        else if (ctx.status >= 400 && ctx.status !== 404) strapi.log.info(line);
      }
    });
  };
};

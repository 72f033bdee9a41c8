import type { Core } from '@strapi/strapi';
import { requestContext, requestIdFrom } from '../observability/request-id';

/** Requests slower than this are logged even when they succeed. */
const SLOW_MS = 1000;

/**
 * Runs each request with its id (X-Request-Id from the adapter) in context and answers it back: the id starts every line
 * logged meanwhile (Strapi's request line included, observability/request-id.ts); failed and slow requests are logged again.
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
        // Strapi logs every request at its http level; failures and slow ones are said again where a lower level shows them.
        if (ctx.status >= 500) strapi.log.error(line);
        else if (ms > SLOW_MS) strapi.log.warn(`${line}（慢）`);
      }
    });
  };
};

import { requestDuration, routeGroupOf } from '../observability/metrics';

/** Times every request (first in config/middlewares.ts, so the time includes the others). */
export default () => {
  return async (ctx: { method: string; path: string; status: number }, next: () => Promise<unknown>) => {
    const end = requestDuration.startTimer({ method: ctx.method, group: routeGroupOf(ctx.path) });
    try {
      await next();
    } finally {
      end({ status: String(ctx.status) });
    }
  };
};

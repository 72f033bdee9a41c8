import type { Core } from '@strapi/strapi';

/**
 * Every public read goes through this route middleware:
 * - populate rules live on the server, per route (see api/populate-rules.ts), so clients never send
 *   populate strings and cannot widen what a read returns;
 * - only published documents are served: without this, `?status=draft` would show unpublished
 *   drafts to anyone with read permission.
 */
export default (config: { populate: Record<string, unknown> }, _context: { strapi: Core.Strapi }) => {
  return async (ctx: { query: Record<string, unknown> }, next: () => Promise<unknown>) => {
    ctx.query = { ...ctx.query, populate: config.populate, status: 'published' };
    await next();
  };
};

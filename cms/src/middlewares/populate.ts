import type { Core } from '@strapi/strapi';

/**
 * Populate rules live on the server, per route (see each api/<type>/routes file), so clients never
 * send populate strings and cannot widen what a public read returns.
 */
export default (config: { populate: Record<string, unknown> }, _context: { strapi: Core.Strapi }) => {
  return async (ctx: { query: Record<string, unknown> }, next: () => Promise<unknown>) => {
    ctx.query = { ...ctx.query, populate: config.populate };
    await next();
  };
};

import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '../contract/common.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import type { Deps } from '../shared/deps.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const counts = z.object({ content: z.number().int(), shop: z.number().int() });

/** The CMS reports editors' changes here; the store re-checks fingerprints and reloads what changed. */
export const contentEventsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, config }) => {
  const requireSecret = (secret: string | undefined) => {
    if (!config.WEBHOOK_SECRET || !secret || !sameSecret(secret, config.WEBHOOK_SECRET)) throw ApiError.unauthenticated('无效的回调');
  };

  // How often this instance loaded each group and updated it in place: tests show that uploads and
  // purchases reload nothing. Same secret as the CMS's calls; not part of the public API.
  app.get(
    '/api/internal/cache-stats',
    {
      schema: {
        hide: true,
        headers: z.object({ 'x-webhook-secret': z.string().optional() }),
        response: { 200: envelope(z.object({ loads: counts, updates: counts })), 401: errorBody },
      },
    },
    async (request) => {
      requireSecret(request.headers['x-webhook-secret']);
      return ok(store.counts);
    },
  );

  app.post(
    '/api/internal/cms-events',
    {
      schema: {
        hide: true,
        headers: z.object({ 'x-webhook-secret': z.string().optional() }),
        body: z.object({ event: z.string(), models: z.array(z.string()).optional() }).loose(),
        response: { 200: envelope(z.null()), 401: errorBody },
      },
    },
    async (request) => {
      requireSecret(request.headers['x-webhook-secret']);
      await store.checkForChanges().catch(async () => {
        await Promise.all([store.content.invalidate(), store.shop.invalidate()]);
      });
      return ok(null, 'ok');
    },
  );
};

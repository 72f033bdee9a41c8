import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '../contract/common.ts';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';

const counts = z.object({ content: z.number().int(), shop: z.number().int() });

/** The CMS reports editors' changes here; the store re-checks fingerprints and reloads what changed. */
export const contentEventsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store }) => {
  // How often this instance loaded each group and updated it in place: tests show that uploads and
  // purchases reload nothing. Same secret as the CMS's calls; not part of the public API.
  app.get(
    '/api/internal/cache-stats',
    {
      config: { auth: 'webhook' },
      schema: {
        hide: true,
        headers: z.object({ 'x-webhook-secret': z.string().optional() }),
        response: { 200: envelope(z.object({ loads: counts, updates: counts })), 401: errorBody },
      },
    },
    async () => ok(store.counts),
  );

  app.post(
    '/api/internal/cms-events',
    {
      config: { auth: 'webhook' },
      schema: {
        hide: true,
        headers: z.object({ 'x-webhook-secret': z.string().optional() }),
        body: z.object({ event: z.string(), models: z.array(z.string()).optional() }).loose(),
        response: { 200: envelope(z.null()), 401: errorBody },
      },
    },
    async () => {
      await store.checkForChanges().catch(async () => {
        await Promise.all([store.content.invalidate(), store.shop.invalidate()]);
      });
      return ok(null, 'ok');
    },
  );
};

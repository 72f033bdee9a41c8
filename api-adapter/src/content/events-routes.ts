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

/** The CMS reports editors' changes here; the store re-checks fingerprints and reloads what changed. */
export const contentEventsRoutes: FastifyPluginAsyncZod<Deps & { onContentChanged?: () => void }> = async (
  app,
  { store, config, onContentChanged },
) => {
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
      const secret = request.headers['x-webhook-secret'];
      if (!config.WEBHOOK_SECRET || !secret || !sameSecret(secret, config.WEBHOOK_SECRET)) throw ApiError.unauthenticated('无效的回调');
      await store.checkForChanges().catch(async () => {
        await Promise.all([store.content.invalidate(), store.shop.invalidate()]);
      });
      onContentChanged?.();
      return ok(null, 'ok');
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';

/** What the site builder (./portal) last did, as it reports it: the admin's home widget shows it to editors. */
export const siteBuildStatus = z.object({
  /** The content fingerprint the served site was built from (null before the first build). */
  contentVersion: z.string().nullable(),
  /** When the served site was last brought up to date (ISO time), and how long that took. */
  builtAt: z.string().nullable(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** full: the whole site built; pages: only the pages a publish touched; failed: the last attempt failed. */
  result: z.enum(['full', 'pages', 'failed']).nullable(),
  /** Pages rendered and removed by the last update (0 for a full build). */
  rendered: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** The last failure, in Chinese, and when it happened; the site then keeps serving the version before it. */
  error: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type SiteBuildStatus = z.infer<typeof siteBuildStatus>;

/** Before the site builder's first report. */
export const NO_SITE_BUILD: SiteBuildStatus = {
  contentVersion: null,
  builtAt: null,
  durationMs: null,
  result: null,
  rendered: 0,
  removed: 0,
  error: null,
  failedAt: null,
};

/** GET for the admin (and anyone holding the webhook secret), PUT for the site builder. Not part of the public API. */
export const siteBuildRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  let status: SiteBuildStatus = NO_SITE_BUILD;
  const headers = z.object({ 'x-webhook-secret': z.string().optional() });

  app.get(
    '/api/internal/site-build',
    { config: { auth: 'webhook' }, schema: { hide: true, headers, response: { 200: envelope(siteBuildStatus), 401: errorBody } } },
    async () => ok(status),
  );

  app.put(
    '/api/internal/site-build',
    {
      config: { auth: 'webhook' },
      schema: { hide: true, headers, body: siteBuildStatus, response: { 200: envelope(z.null()), 401: errorBody } },
    },
    async (request) => {
      status = request.body;
      return ok(null, 'ok');
    },
  );
};

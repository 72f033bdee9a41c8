import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '@feiyi/contract/common';
import { NO_SITE_BUILD, type SiteBuildStatus, siteBuildStatus } from '@feiyi/contract/site-build';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';

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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NO_SITE_BUILD, type SiteBuildStatus, siteBuildStatus } from '@feiyi/contract/site-build';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';
import { tableRoute } from '../http/route-table.ts';

const SITE_BUILD_KEY = 'feiyi:site-build';

/** GET for the admin (and anyone holding the webhook secret), PUT for the site builder. Not part of the public API. */
export const siteBuildRoutes: FastifyPluginAsyncZod<Deps> = async (app, { redis }) => {
  // The builder reports to one instance (through the load balancer), the admin may ask another: with several
  // instances the report is kept in Redis; this instance's copy answers when Redis is away.
  let status: SiteBuildStatus = NO_SITE_BUILD;
  const read = async (): Promise<SiteBuildStatus> => {
    if (!redis) return status;
    try {
      const shared = await redis.get(SITE_BUILD_KEY);
      const parsed = shared ? siteBuildStatus.safeParse(JSON.parse(shared)) : undefined;
      return parsed?.success ? parsed.data : status;
    } catch (error) {
      app.log.warn({ err: error }, "redis unreachable: answering this instance's own copy of the site build status");
      return status;
    }
  };

  app.route({
    ...tableRoute('internal.siteBuild', {}),
    handler: async () => ok(await read()),
  });

  app.route({
    ...tableRoute('internal.siteBuildReport', {}),
    handler: async (request) => {
      status = request.body;
      await redis?.set(SITE_BUILD_KEY, JSON.stringify(status)).catch((error: unknown) => {
        app.log.warn({ err: error }, 'redis unreachable: the site build status stays with this instance');
      });
      return ok(null, 'ok');
    },
  });
};

import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.ts';
import type { Deps } from '../shared/deps.ts';
import { tableRoute } from '../http/route-table.ts';

/** The fingerprint of one answer, as the site's render service computes it from the answers it read. */
export const answerHash = (status: number, body: string) => createHash('sha1').update(`${status}\n${body}`).digest('hex');

/** Answers fingerprinted at once: the calls are in memory, a few in flight keep both cores busy without a queue. */
const SITE_READS_PARALLEL = 16;

/** The CMS reports editors' changes here; the store re-checks fingerprints and reloads what changed. */
export const contentEventsRoutes: FastifyPluginAsyncZod<Deps> = async (app, { store, fanOut, views }) => {
  // How often this instance loaded each group and updated it in place: tests show that uploads and
  // purchases reload nothing; how many other instances' announcements it followed (the scale profile); and its views
  // of culture items not saved yet (tests wait for none). Same secret as the CMS's calls; not part of the public API.
  app.route({
    ...tableRoute('internal.cacheStats', {}),
    handler: async () =>
      ok({
        ...store.counts,
        followedAnnouncements: fanOut?.followed ?? { published: 0, stock: 0, view: 0, donation: 0 },
        views: { pending: views.pending, ...views.totals },
      }),
  });

  // The static site's render service asks here, after a publish, which of the answers its pages read have changed:
  // one call instead of one per answer (the national list alone is 1,557 of them). The content is checked against
  // the CMS first, so the fingerprints are those of what was just published.
  app.route({
    ...tableRoute('internal.siteReads', {}),
    handler: async (request) => {
      await store.checkForChanges();
      const { keys } = request.body;
      const hashes: Record<string, string> = {};
      let next = 0;
      const worker = async () => {
        while (next < keys.length) {
          const key = keys[next++]!;
          const answer = await app.inject({ method: 'GET', url: key });
          hashes[key] = answerHash(answer.statusCode, answer.body);
        }
      };
      await Promise.all(Array.from({ length: Math.min(SITE_READS_PARALLEL, keys.length) }, worker));
      return ok({ hashes });
    },
  });

  app.route({
    ...tableRoute('internal.cmsEvents', {}),
    handler: async () => {
      // The CMS calls one instance (through the load balancer): the others hear of it from this one.
      await fanOut?.announce({ kind: 'published' });
      await store.checkForChanges().catch(async () => {
        await Promise.all([store.content.invalidate(), store.shop.invalidate()]);
      });
      return ok(null, 'ok');
    },
  });
};

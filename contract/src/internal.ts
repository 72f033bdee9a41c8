import { z } from 'zod';

/**
 * The bodies of the adapter's internal calls (behind the shared webhook secret, left out of the public API's document),
 * stated once for the adapter that checks them and the fuzz test that breaks them (tests/api/fuzz.test.ts).
 * The site builder's status report has its own module (site-build.ts).
 */

/**
 * The CMS's change report (POST /api/internal/cms-events): a request to compare the content fingerprints now. The event
 * and models are a hint for the log; the adapter reloads only what the CMS's fingerprints say changed, so an event of any
 * kind reloads nothing when nothing was published.
 */
export const cmsEventBody = z.object({ event: z.string(), models: z.array(z.string()).optional() }).loose();

/** The site renderer's question (POST /api/internal/site-reads): the fingerprints of these GET answers of the API. */
export const siteReadsBody = z.object({
  keys: z.array(z.string().regex(/^\/api\//, { error: '只能读取本站接口的答复' })).max(50_000),
});

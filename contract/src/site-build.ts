import { z } from 'zod';

/**
 * The static site's build status, told by the site builder (./portal) to the adapter (PUT /api/internal/site-build),
 * read from there by the CMS and shown to editors by the admin home's 网站发布状态 widget: one shape for all four.
 */
export const siteBuildStatus = z.object({
  /** The content version the served site was built from (null before the first build). */
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

/** The version a build is named by: the public content's and the shop's fingerprints, as the CMS computes them. */
export const siteContentVersion = (fingerprint: { content: string; shop: string }) => `${fingerprint.content}:${fingerprint.shop}`;

/** live: the site shows what is published; updating: a publish is on its way; failed: the last update failed. */
export const SITE_STATES = ['live', 'updating', 'failed', 'unknown'] as const;
export type SiteState = (typeof SITE_STATES)[number];

/** Whether the site shows `publishedVersion`, from the builder's report (undefined: the report could not be read). */
export function siteState(report: SiteBuildStatus | undefined, publishedVersion: string): SiteState {
  if (!report || report.contentVersion === null) return report?.error ? 'failed' : 'unknown';
  if (report.contentVersion === publishedVersion) return 'live';
  // Failed after its last success: the site still shows the version before the failure.
  if (report.error && report.failedAt && (!report.builtAt || report.failedAt > report.builtAt)) return 'failed';
  return 'updating';
}

/** What the CMS's admin route GET /feiyi/site-status answers the widget. */
export const siteStatusAnswer = z.object({
  state: z.enum(SITE_STATES),
  publishedVersion: z.string(),
  report: siteBuildStatus.nullable(),
  /** The editor guide, a page of the site (docs/编辑指南.md), when the CMS knows the site's address. */
  guideUrl: z.string().nullable(),
});
export type SiteStatusAnswer = z.infer<typeof siteStatusAnswer>;

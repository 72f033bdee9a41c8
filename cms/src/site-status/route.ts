/**
 * The admin home's 网站发布状态 widget asks here (an admin route: the editor's own admin session) whether the
 * public site shows the published content yet. The site builder reports what it last did to the adapter
 * (GET /api/internal/site-build, behind the webhook secret); this compares that with the content now published.
 */
import type { Core } from '@strapi/strapi';
import { contentFingerprint } from '../portal/content-fingerprint';

/** The version the site builder names a build by: the public content's and the shop's fingerprints (scripts/src/site.ts). */
export const siteContentVersion = (fingerprint: { content: string; shop: string }) => `${fingerprint.content}:${fingerprint.shop}`;

export interface SiteBuildReport {
  contentVersion: string | null;
  builtAt: string | null;
  durationMs: number | null;
  result: 'full' | 'pages' | 'failed' | null;
  rendered: number;
  removed: number;
  error: string | null;
  failedAt: string | null;
}

/** live: the site shows what is published; updating: a publish is on its way; failed: the last update failed. */
export type SiteState = 'live' | 'updating' | 'failed' | 'unknown';

export function siteState(report: SiteBuildReport | undefined, publishedVersion: string): SiteState {
  if (!report || report.contentVersion === null) return report?.error ? 'failed' : 'unknown';
  if (report.contentVersion === publishedVersion) return 'live';
  // Failed after its last success: the site still shows the version before the failure.
  if (report.error && report.failedAt && (!report.builtAt || report.failedAt > report.builtAt)) return 'failed';
  return 'updating';
}

async function readReport(webhookUrl: string | undefined, secret: string | undefined): Promise<SiteBuildReport | undefined> {
  if (!webhookUrl || !secret) return undefined;
  try {
    const response = await fetch(new URL('/api/internal/site-build', webhookUrl), {
      headers: { 'x-webhook-secret': secret },
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return undefined;
    return ((await response.json()) as { data: SiteBuildReport }).data;
  } catch {
    return undefined;
  }
}

export function registerSiteStatusRoute(strapi: Core.Strapi, options: { webhookUrl?: string | undefined; secret?: string | undefined }) {
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi/site-status',
        handler: async (ctx: { body: unknown }) => {
          const [report, fingerprint] = await Promise.all([readReport(options.webhookUrl, options.secret), contentFingerprint()]);
          const published = siteContentVersion(fingerprint);
          ctx.body = { data: { state: siteState(report, published), publishedVersion: published, report: report ?? null } };
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
        info: { apiName: 'site-status', type: 'admin' },
      },
    ],
  });
}

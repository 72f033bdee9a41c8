/**
 * The admin home's 网站发布状态 widget asks here (an admin route: the editor's own admin session) whether the
 * public site shows the published content yet. The site builder reports what it last did to the adapter
 * (GET /api/internal/site-build, behind the webhook secret); this compares that with the content now published.
 */
import type { Core } from '@strapi/strapi';
import { type SiteBuildStatus, type SiteStatusAnswer, siteBuildStatus, siteContentVersion, siteState } from '@feiyi/contract/site-build';
import { envelope } from '@feiyi/contract/common';
import { contentFingerprint } from '../portal/content-fingerprint';

async function readReport(webhookUrl: string | undefined, secret: string | undefined): Promise<SiteBuildStatus | undefined> {
  if (!webhookUrl || !secret) return undefined;
  try {
    const response = await fetch(new URL('/api/internal/site-build', webhookUrl), {
      headers: { 'x-webhook-secret': secret },
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return undefined;
    // An answer of another shape (an adapter of another version) reads as unknown, never as a wrong state.
    const answer = envelope(siteBuildStatus).safeParse(await response.json());
    return answer.success ? answer.data.data : undefined;
  } catch {
    return undefined;
  }
}

export function registerSiteStatusRoute(
  strapi: Core.Strapi,
  options: { webhookUrl?: string | undefined; secret?: string | undefined; siteUrl?: string | undefined },
) {
  // The editor guide (docs/编辑指南.md) is a page of the site: the widget links to it.
  const guideUrl = options.siteUrl ? `${options.siteUrl.replace(/\/$/, '')}/editor-guide/` : null;
  strapi.server.routes({
    type: 'admin',
    routes: [
      {
        method: 'GET',
        path: '/feiyi/site-status',
        handler: async (ctx: { body: unknown }) => {
          const [report, fingerprint] = await Promise.all([readReport(options.webhookUrl, options.secret), contentFingerprint()]);
          const published = siteContentVersion(fingerprint);
          const answer: SiteStatusAnswer = {
            state: siteState(report, published),
            publishedVersion: published,
            report: report ?? null,
            guideUrl,
          };
          ctx.body = { data: answer };
        },
        config: { policies: ['admin::isAuthenticatedAdmin'] },
        info: { apiName: 'site-status', type: 'admin' },
      },
    ],
  });
}

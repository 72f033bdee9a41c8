import { createHmac } from 'node:crypto';

/** The content types the site can preview, by the kind its preview pages are named after (/preview/{kind}/…). */
export const PREVIEW_KINDS: Record<string, string> = {
  'api::culture.culture': 'culture',
  'api::heritage-page.heritage-page': 'heritage',
  'api::inheritor.inheritor': 'inheritor',
  'api::policy.policy': 'policy',
  'api::national-entry.national-entry': 'national',
  'api::product.product': 'product',
  'api::donation-project.donation-project': 'donation',
  'api::home-page.home-page': 'home',
};

/** How long a preview address works: long enough for an editing session, short enough that a leaked one soon dies. */
export const PREVIEW_LIFETIME_SECONDS = 2 * 60 * 60;

/**
 * The signed address of a document's preview on the site: HMAC-SHA256 over kind, document and expiry with
 * PREVIEW_SECRET, exactly as api-adapter/src/preview/signature.ts checks it (tests/e2e/preview.spec.ts opens the
 * address this builds). Null for a content type the site does not preview.
 */
export function previewAddress(
  options: { siteUrl: string; secret: string; nowMs?: number },
  uid: string,
  document: { documentId: string; status?: string | null },
): string | null {
  const kind = PREVIEW_KINDS[uid];
  if (!kind || !options.secret) return null;
  const expires = Math.floor((options.nowMs ?? Date.now()) / 1000) + PREVIEW_LIFETIME_SECONDS;
  const signature = createHmac('sha256', options.secret).update(`preview:${kind}:${document.documentId}:${expires}`).digest('base64url');
  const status = document.status === 'published' ? '&status=published' : '';
  return `${options.siteUrl.replace(/\/$/, '')}/preview/${kind}/${encodeURIComponent(document.documentId)}?expires=${expires}&signature=${signature}${status}`;
}

import { createHmac } from 'node:crypto';
import { previewKindOf, previewSigningText } from '@feiyi/contract/preview';

/** How long a preview address works: long enough for an editing session, short enough that a leaked one soon dies. */
export const PREVIEW_LIFETIME_SECONDS = 2 * 60 * 60;

/**
 * The signed address of a document's preview on the site: HMAC-SHA256 over the contract's signing text (kind, document and
 * expiry) with PREVIEW_SECRET, exactly as api-adapter/src/preview/signature.ts checks it (tests/e2e/preview.spec.ts opens the
 * address this builds). Null for a content type the site does not preview.
 */
export function previewAddress(
  options: { siteUrl: string; secret: string; nowMs?: number },
  uid: string,
  document: { documentId: string; status?: string | null },
): string | null {
  const kind = previewKindOf(uid);
  if (!kind || !options.secret) return null;
  const expires = Math.floor((options.nowMs ?? Date.now()) / 1000) + PREVIEW_LIFETIME_SECONDS;
  const signature = createHmac('sha256', options.secret)
    .update(previewSigningText(kind, document.documentId, expires))
    .digest('base64url');
  const status = document.status === 'published' ? '&status=published' : '';
  return `${options.siteUrl.replace(/\/$/, '')}/preview/${kind}/${encodeURIComponent(document.documentId)}?expires=${expires}&signature=${signature}${status}`;
}

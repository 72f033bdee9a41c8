import { createHmac, timingSafeEqual } from 'node:crypto';
import { previewSigningText } from '@feiyi/contract/preview';

/**
 * Preview addresses are signed: /preview/{kind}/{documentId}?expires={unix seconds}&signature={HMAC-SHA256}.
 * The CMS's preview button signs them (cms/src/portal/preview-address.ts signs the contract's previewSigningText with the
 * same PREVIEW_SECRET from .runtime/secrets.env).
 */
export function previewSignature(secret: string, kind: string, documentId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(previewSigningText(kind, documentId, expires))
    .digest('base64url');
}

export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'expired';

export function checkPreviewSignature(
  secret: string,
  address: { kind: string; documentId: string; expires: string | undefined; signature: string | undefined },
  nowMs = Date.now(),
): SignatureCheck {
  const { kind, documentId, expires, signature } = address;
  if (!expires || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(previewSignature(secret, kind, documentId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Checked after the signature, so a forged expiry is 'invalid', never 'expired'.
  if (Number(expires) * 1000 <= nowMs) return 'expired';
  return 'valid';
}

/** The query of a signed preview address (without the status, which the ribbon's switch sets). */
export function signedPreviewQuery(secret: string, kind: string, documentId: string, expires: number): string {
  return `expires=${expires}&signature=${previewSignature(secret, kind, documentId, expires)}`;
}

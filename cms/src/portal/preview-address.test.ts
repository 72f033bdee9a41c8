import { describe, expect, it } from 'vitest';
// The adapter's check of the same address: the two sides must agree on what is signed.
import { checkPreviewSignature } from '../../../api-adapter/src/preview/signature.ts';
import { PREVIEW_LIFETIME_SECONDS, previewAddress } from './preview-address';

const SECRET = 'c'.repeat(64);
const NOW = Date.parse('2026-11-27T00:00:00Z');

describe('preview addresses of the content manager', () => {
  it('are signed as the adapter checks them, and expire after their lifetime', () => {
    const url = new URL(
      previewAddress({ siteUrl: 'http://127.0.0.1:8080/', secret: SECRET, nowMs: NOW }, 'api::culture.culture', {
        documentId: 'xyz9',
        status: 'draft',
      })!,
    );
    expect(url.pathname).toBe('/preview/culture/xyz9');
    expect(url.searchParams.get('status')).toBeNull();
    const address = {
      kind: 'culture',
      documentId: 'xyz9',
      expires: url.searchParams.get('expires') ?? undefined,
      signature: url.searchParams.get('signature') ?? undefined,
    };
    expect(checkPreviewSignature(SECRET, address, NOW)).toBe('valid');
    expect(checkPreviewSignature(SECRET, address, NOW + PREVIEW_LIFETIME_SECONDS * 1000)).toBe('expired');
  });

  it('ask for the published version when the editor looks at it, and for nothing the site cannot preview', () => {
    const published = previewAddress({ siteUrl: 'http://x', secret: SECRET, nowMs: NOW }, 'api::culture.culture', {
      documentId: 'a1',
      status: 'published',
    });
    expect(new URL(published!).searchParams.get('status')).toBe('published');
    expect(previewAddress({ siteUrl: 'http://x', secret: SECRET }, 'api::order.order', { documentId: 'a1' })).toBeNull();
    expect(previewAddress({ siteUrl: 'http://x', secret: '' }, 'api::culture.culture', { documentId: 'a1' })).toBeNull();
  });
});

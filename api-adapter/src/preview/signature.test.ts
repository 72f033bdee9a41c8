import { describe, expect, it } from 'vitest';
import { checkPreviewSignature, previewSignature } from './signature.ts';

const SECRET = 'a'.repeat(64);
const NOW = Date.parse('2026-11-27T00:00:00Z');
const expires = String(NOW / 1000 + 600);
const address = {
  kind: 'culture',
  documentId: 'abc123',
  expires,
  signature: previewSignature(SECRET, 'culture', 'abc123', Number(expires)),
};

describe('preview signatures', () => {
  it('accepts the address as signed, until it expires', () => {
    expect(checkPreviewSignature(SECRET, address, NOW)).toBe('valid');
    expect(checkPreviewSignature(SECRET, address, NOW + 600_000)).toBe('expired');
  });

  it('refuses an address without its signature or expiry', () => {
    expect(checkPreviewSignature(SECRET, { ...address, signature: undefined }, NOW)).toBe('missing');
    expect(checkPreviewSignature(SECRET, { ...address, expires: undefined }, NOW)).toBe('missing');
  });

  it('refuses a signature made with another secret, for another document or kind, or with a moved expiry', () => {
    const other = previewSignature('b'.repeat(64), 'culture', 'abc123', Number(expires));
    expect(checkPreviewSignature(SECRET, { ...address, signature: other }, NOW)).toBe('invalid');
    expect(checkPreviewSignature(SECRET, { ...address, documentId: 'abc124' }, NOW)).toBe('invalid');
    expect(checkPreviewSignature(SECRET, { ...address, kind: 'policy' }, NOW)).toBe('invalid');
    // A later expiry with the old signature is a forgery, not an expired link.
    expect(checkPreviewSignature(SECRET, { ...address, expires: String(Number(expires) + 3600) }, NOW)).toBe('invalid');
    expect(checkPreviewSignature(SECRET, { ...address, expires: '1e9' }, NOW)).toBe('invalid');
  });
});

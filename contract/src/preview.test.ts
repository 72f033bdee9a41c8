import { describe, expect, it } from 'vitest';
import { PREVIEW_KINDS, PREVIEW_KIND_OF_TYPE, isPreviewKind, previewKindOf, previewSigningText } from './preview.ts';

describe('preview kinds', () => {
  it('name every kind the site previews after exactly one content type', () => {
    expect([...Object.values(PREVIEW_KIND_OF_TYPE)].sort()).toEqual([...PREVIEW_KINDS].sort());
  });

  it('know a content type only by its own uid', () => {
    expect(previewKindOf('api::heritage-page.heritage-page')).toBe('heritage');
    expect(previewKindOf('api::order.order')).toBeUndefined();
    expect(previewKindOf('constructor')).toBeUndefined();
    expect(previewKindOf('__proto__')).toBeUndefined();
    expect(isPreviewKind('home')).toBe(true);
    expect(isPreviewKind('order')).toBe(false);
  });
});

describe('the signed text of a preview address', () => {
  it('covers kind, document and expiry, not the version shown', () => {
    expect(previewSigningText('culture', 'abc123', 1_800_000_000)).toBe('preview:culture:abc123:1800000000');
  });
});

import { describe, expect, it } from 'vitest';
import { showBackToTop } from './back-to-top.ts';

const page = { viewportHeight: 800, pageHeight: 5000 };

describe('showBackToTop', () => {
  it('is hidden at the top of a long page', () => {
    expect(showBackToTop({ ...page, scrollTop: 0 })).toBe(false);
    expect(showBackToTop({ ...page, scrollTop: 2500 })).toBe(false);
  });
  it('shows once scrolled past half the page', () => {
    expect(showBackToTop({ ...page, scrollTop: 2501 })).toBe(true);
  });
  it('shows within 200 px of the bottom', () => {
    // bottom edge at 3800 + 800 = 4600: 400 px left
    expect(showBackToTop({ viewportHeight: 800, pageHeight: 4600 + 400, scrollTop: 1000 })).toBe(false);
    // half of the page is not passed (1000 of 2000), but the bottom is exactly 200 px away
    expect(showBackToTop({ viewportHeight: 800, pageHeight: 2000, scrollTop: 1000 })).toBe(true);
    // 201 px away
    expect(showBackToTop({ viewportHeight: 800, pageHeight: 2000, scrollTop: 999 })).toBe(false);
  });
  it('never shows on a page that does not scroll', () => {
    expect(showBackToTop({ viewportHeight: 800, pageHeight: 800, scrollTop: 0 })).toBe(false);
  });
});

/** Distance from the bottom, in CSS pixels, within which the back-to-top button shows. */
export const NEAR_BOTTOM_PX = 200;

export interface ScrollState {
  /** window.scrollY */
  scrollTop: number;
  /** window.innerHeight */
  viewportHeight: number;
  /** document.documentElement.scrollHeight */
  pageHeight: number;
}

/** Back-to-top shows within 200 px of the bottom or once scrolled past half the page. */
export function showBackToTop({ scrollTop, viewportHeight, pageHeight }: ScrollState): boolean {
  if (pageHeight <= viewportHeight) return false; // nothing to scroll back over
  const nearBottom = pageHeight - (scrollTop + viewportHeight) <= NEAR_BOTTOM_PX;
  const pastHalf = scrollTop > pageHeight / 2;
  return nearBottom || pastHalf;
}

/**
 * The public content: published to anyone, cached by the adapter, built into the static site.
 * User data (orders, donations, favourites …) is never listed here.
 */
export const PUBLIC_COLLECTION_TYPES = [
  'category',
  'province',
  'culture',
  'inheritor',
  'national-entry',
  'policy',
  'timeline-entry',
  'news-item',
  'product',
  'donation-project',
  'workshop',
  'heritage-page',
] as const;

export const PUBLIC_SINGLE_TYPES = ['home-page'] as const;

/** How wide each kind of picture is laid out, for the browser to pick a copy (Picture.astro, Picture.tsx). */
export const PICTURE_SIZES = {
  /** A card in the 1–3 column grids of culture, workshops, donation projects and products. */
  card: '(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw',
  /** The culture item's cover beside its fact card (max-w-6xl, a 20 rem side column from lg). */
  article: '(min-width: 1152px) 48rem, (min-width: 1024px) calc(100vw - 24rem), 100vw',
  /** A fan card of the home page's carousel. */
  fan: '20rem',
} as const;

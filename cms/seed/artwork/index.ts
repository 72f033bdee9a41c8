export { bannerCover, cultureCover, inheritorPortrait, newsCover, productCover, type Motif } from './covers';
export { CATEGORY_STYLES, INK, styleFor } from './palette';

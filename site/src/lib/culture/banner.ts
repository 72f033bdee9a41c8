/**
 * The culture page's banner: 4 clips made once from the site's artwork
 * (site/scripts/culture-banner.ts), advancing every 7 s; under prefers-reduced-motion it stays on
 * the still poster of the first clip and never advances by itself.
 */
export const BANNER_INTERVAL_MS = 7000;

export const BANNER_SLIDES = [
  { slug: 'xiqu', category: 67, title: '粉墨春秋', caption: '传统戏剧：唱念做打，一方舞台演尽人间' },
  { slug: 'jiyi', category: 71, title: '匠心百工', caption: '传统技艺：窑火与经纬之间的手上功夫' },
  { slug: 'yinyue', category: 72, title: '丝竹之声', caption: '传统音乐：琴弦鼓板，各地各族的乡音' },
  { slug: 'meishu', category: 68, title: '丹青纸刻', caption: '传统美术：剪纸、年画、刺绣与雕刻' },
] as const;

export function bannerMedia(slug: string) {
  const base = `/media/culture-banner/${slug}`;
  return { webm: `${base}.webm`, mp4: `${base}.mp4`, poster: `${base}-1280.webp` };
}

/** The slide after `index`, wrapping round. */
export function nextSlide(index: number, count: number = BANNER_SLIDES.length): number {
  return count > 0 ? (index + 1) % count : 0;
}

/**
 * The culture list's reloads (retried up to 3 times with growing delay, plus fallback
 * reloads): each load already makes the API module's 3 tries 1 s apart; when all of them fail the
 * whole load is repeated up to 3 times, after 1 s, 2 s and 4 s, before the page offers a reload.
 */
export const LIST_RETRIES = 3;

export function listRetryDelay(attempt: number): number {
  return 1000 * 2 ** Math.max(0, attempt);
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BANNER_SLIDES, bannerMedia, listRetryDelay, nextSlide } from './banner.ts';

describe('banner', () => {
  it('has 4 slides and wraps from the last to the first', () => {
    expect(BANNER_SLIDES).toHaveLength(4);
    expect(nextSlide(0)).toBe(1);
    expect(nextSlide(3)).toBe(0);
    expect(nextSlide(0, 0)).toBe(0);
  });
  it('names the committed clip files', () => {
    expect(bannerMedia('xiqu')).toEqual({
      webm: '/media/culture-banner/xiqu.webm',
      mp4: '/media/culture-banner/xiqu.mp4',
      poster: '/media/culture-banner/xiqu-1280.webp',
    });
    for (const slide of BANNER_SLIDES) {
      for (const file of Object.values(bannerMedia(slide.slug))) {
        expect(existsSync(fileURLToPath(new URL(`../../../public${file}`, import.meta.url))), file).toBe(true);
      }
    }
  });
});

describe('listRetryDelay', () => {
  it('grows: 1 s, 2 s, 4 s', () => {
    expect([0, 1, 2].map(listRetryDelay)).toEqual([1000, 2000, 4000]);
  });
});

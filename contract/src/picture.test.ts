import { describe, expect, it } from 'vitest';
import { pictureSizeOf, pictureUrl, readPicture } from './picture.ts';

describe('pictureSizeOf', () => {
  it('takes the widths both AVIF and WebP copies exist for, ascending', () => {
    const formats = { thumbnail: {}, small: {}, avif_960: {}, webp_960: {}, avif_480: {}, webp_480: {}, avif_1200: {} };
    expect(pictureSizeOf({ width: 1200, height: 800, formats })).toEqual({ width: 1200, height: 800, widths: [480, 960] });
  });

  it('is undefined without copies or without a size (an SVG drawing)', () => {
    expect(pictureSizeOf({ width: 1200, height: 800, formats: { thumbnail: {} } })).toBeUndefined();
    expect(pictureSizeOf({ width: null, height: null, formats: null })).toBeUndefined();
  });
});

describe('readPicture', () => {
  it('reads back what pictureUrl wrote: the original and a srcset per type', () => {
    const url = pictureUrl('http://127.0.0.1:8080/uploads/kunqu_abc.jpg', { width: 1200, height: 800, widths: [480, 960, 1200] });
    expect(url).toBe('http://127.0.0.1:8080/uploads/kunqu_abc.jpg?w=1200&h=800&sizes=480.960.1200');
    expect(readPicture(url)).toEqual({
      src: 'http://127.0.0.1:8080/uploads/kunqu_abc.jpg',
      width: 1200,
      height: 800,
      sources: [
        {
          type: 'image/avif',
          srcset:
            'http://127.0.0.1:8080/uploads/avif_480_kunqu_abc.avif 480w, http://127.0.0.1:8080/uploads/avif_960_kunqu_abc.avif 960w, http://127.0.0.1:8080/uploads/avif_1200_kunqu_abc.avif 1200w',
        },
        {
          type: 'image/webp',
          srcset:
            'http://127.0.0.1:8080/uploads/webp_480_kunqu_abc.webp 480w, http://127.0.0.1:8080/uploads/webp_960_kunqu_abc.webp 960w, http://127.0.0.1:8080/uploads/webp_1200_kunqu_abc.webp 1200w',
        },
      ],
    });
  });

  it('keeps a relative URL relative', () => {
    expect(readPicture('/uploads/a.png?w=500&h=500&sizes=480.500')?.sources[1]).toEqual({
      type: 'image/webp',
      srcset: '/uploads/webp_480_a.webp 480w, /uploads/webp_500_a.webp 500w',
    });
  });

  it('is undefined for a plain image or a broken description', () => {
    expect(readPicture('http://127.0.0.1:8080/uploads/culture_kunqu.svg')).toBeUndefined();
    expect(readPicture('/uploads/a.png?w=0&h=5&sizes=480')).toBeUndefined();
    expect(readPicture('/uploads/a.png?w=10&h=5&sizes=4x0')).toBeUndefined();
    expect(readPicture('')).toBeUndefined();
  });
});

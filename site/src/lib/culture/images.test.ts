import { describe, expect, it } from 'vitest';
import { imageUrls } from './images.ts';

describe('the images of a culture item', () => {
  it('takes the newline-separated URLs that start with http', () => {
    const images =
      'http://127.0.0.1:8080/uploads/a.svg\n/uploads/b.svg\nhttps://example.org/c.jpg\r\nftp://x/d.png\ndata:image/png;base64,AAAA';
    expect(imageUrls(images)).toEqual(['http://127.0.0.1:8080/uploads/a.svg', 'https://example.org/c.jpg']);
  });

  it('ignores blank lines, spaces around a URL and repeats', () => {
    expect(imageUrls('\n  http://a/1.png  \n\nhttp://a/1.png\n')).toEqual(['http://a/1.png']);
  });

  it('gives nothing for an empty or missing list', () => {
    expect(imageUrls('')).toEqual([]);
    expect(imageUrls(null)).toEqual([]);
    expect(imageUrls(undefined)).toEqual([]);
  });
});

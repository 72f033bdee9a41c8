import { describe, expect, it } from 'vitest';
import { splitImages } from './images.ts';

describe('the images of a favourite', () => {
  it('splits on whitespace, newlines, semicolons and commas', () => {
    expect(splitImages('http://a/1.png http://a/2.png\nhttp://a/3.png;http://a/4.png,http://a/5.png\t https://a/6.png')).toEqual([
      'http://a/1.png',
      'http://a/2.png',
      'http://a/3.png',
      'http://a/4.png',
      'http://a/5.png',
      'https://a/6.png',
    ]);
  });

  it('splits on the full-width semicolon and comma too', () => {
    expect(splitImages('http://a/1.png；http://a/2.png，http://a/3.png')).toEqual(['http://a/1.png', 'http://a/2.png', 'http://a/3.png']);
  });

  it('keeps only http(s) addresses', () => {
    expect(splitImages('/uploads/a.png; ftp://x/b.png, data:image/png;base64,AAAA http://ok/c.png javascript:alert(1)')).toEqual([
      'http://ok/c.png',
    ]);
  });

  it('drops repeats and empty parts', () => {
    expect(splitImages(' ;; http://a/1.png ,, http://a/1.png \n\n')).toEqual(['http://a/1.png']);
  });

  it("reads a product's JSON array of images", () => {
    expect(splitImages('["http://a/1.png","/local.png","http://a/2.png"]')).toEqual(['http://a/1.png', 'http://a/2.png']);
    expect(splitImages('[http://a/1.png, http://a/2.png]')).toEqual(['http://a/1.png', 'http://a/2.png']);
  });

  it('gives nothing for an empty or missing list', () => {
    expect(splitImages('')).toEqual([]);
    expect(splitImages('   ')).toEqual([]);
    expect(splitImages(null)).toEqual([]);
    expect(splitImages(undefined)).toEqual([]);
    expect(splitImages('[]')).toEqual([]);
  });
});

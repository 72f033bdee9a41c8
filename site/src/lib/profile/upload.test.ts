import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, imageFileProblem, uploadedImageUrl } from './upload.ts';

describe('a chosen profile picture', () => {
  it('is required', () => {
    expect(imageFileProblem(undefined)).toBe('请选择图片');
    expect(imageFileProblem(null)).toBe('请选择图片');
  });

  it('must be an image', () => {
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe('请选择图片文件');
    expect(imageFileProblem({ type: '', size: 10 })).toBe('请选择图片文件');
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('请选择图片文件');
  });

  it('must be one of the types the API takes (JPG, PNG, WebP, GIF)', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('请选择图片文件');
    expect(imageFileProblem({ type: 'image/bmp', size: 10 })).toBe('请选择图片文件');
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBeUndefined();
    expect(IMAGE_ACCEPT).toBe('image/jpeg,image/png,image/webp,image/gif');
  });

  it('may be at most 5 MB', () => {
    expect(MAX_IMAGE_BYTES).toBe(5_242_880);
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('图片大小不能超过5MB');
    expect(imageFileProblem({ type: 'image/webp', size: 6 * 1024 * 1024 })).toBe('图片大小不能超过5MB');
  });
});

describe("the server's answer to an upload", () => {
  it('is used when it is an absolute http(s) URL', () => {
    expect(uploadedImageUrl('http://127.0.0.1:8080/uploads/a.png')).toBe('http://127.0.0.1:8080/uploads/a.png');
    expect(uploadedImageUrl(' https://feiyi.example/uploads/b.webp ')).toBe('https://feiyi.example/uploads/b.webp');
  });

  it('is refused otherwise', () => {
    for (const answer of [undefined, null, 42, {}, { url: 'http://a/b.png' }, '', '/uploads/a.png', 'javascript:alert(1)', 'http://']) {
      expect(uploadedImageUrl(answer)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isStoredUploadShape, storedUploadUrl, uploadBaseOf } from './upload-address.ts';

const origin = 'https://feiyi.example.cn';
const uploadBase = 'https://img.example.cn';
const places = { origin, uploadBase };

describe('the upload base (S3_PUBLIC_URL)', () => {
  it('is an absolute http(s) address without its trailing slashes', () => {
    expect(uploadBaseOf('https://img.example.cn/')).toBe('https://img.example.cn');
    expect(uploadBaseOf(' http://127.0.0.1:9000/feiyi-media ')).toBe('http://127.0.0.1:9000/feiyi-media');
  });

  it('is none for the default path on our own origin, nothing, or an address that is not a plain http(s) one', () => {
    for (const value of [
      undefined,
      '',
      '/uploads',
      'uploads',
      'ftp://img.example.cn',
      'https://',
      'https://img.example.cn/?v=1',
      'https://img.example.cn#x',
      'https://user:pw@img.example.cn',
    ]) {
      expect(uploadBaseOf(value), String(value)).toBeUndefined();
    }
  });
});

describe('what a visitor’s avatar or background may be saved as', () => {
  it('keeps our own uploads as /uploads/ paths, given as a path or under our origin', () => {
    expect(storedUploadUrl('/uploads/upload_ab12.png', places)).toBe('/uploads/upload_ab12.png');
    expect(storedUploadUrl(`${origin}/uploads/upload_ab12.png`, places)).toBe('/uploads/upload_ab12.png');
    expect(storedUploadUrl('  ', places)).toBe('');
  });

  it('keeps an address under the upload base whole, in a folder of the bucket too (S3_ROOT_PATH)', () => {
    expect(storedUploadUrl(`${uploadBase}/upload_ab12.png`, places)).toBe(`${uploadBase}/upload_ab12.png`);
    expect(storedUploadUrl(` ${uploadBase}/feiyi/upload_ab12.webp `, places)).toBe(`${uploadBase}/feiyi/upload_ab12.webp`);
    expect(storedUploadUrl('https://cdn.example.cn/media/a.png', { origin, uploadBase: 'https://cdn.example.cn/media/' })).toBe(
      'https://cdn.example.cn/media/a.png',
    );
  });

  it('refuses any other host, one that only starts like the base’s, and the base’s host without the base configured', () => {
    for (const url of [
      'https://evil.example/upload_ab12.png',
      'https://img.example.cn.evil.example/upload_ab12.png',
      'https://img.example.cn@evil.example/upload_ab12.png',
      'http://img.example.cn/upload_ab12.png',
      '//img.example.cn/upload_ab12.png',
      `${origin}.evil.example/uploads/upload_ab12.png`,
      'https://cdn.example.cn/other/a.png',
    ]) {
      expect(
        storedUploadUrl(url, { ...places, uploadBase: url.includes('cdn.') ? 'https://cdn.example.cn/media' : uploadBase }),
        url,
      ).toBeUndefined();
    }
    expect(storedUploadUrl(`${uploadBase}/upload_ab12.png`, { origin })).toBeUndefined();
    expect(storedUploadUrl(`${uploadBase}/upload_ab12.png`, { origin, uploadBase: '/uploads' })).toBeUndefined();
  });

  it('refuses a way out of the folder, a query string or fragment, and any other character', () => {
    for (const url of [
      `${uploadBase}/../upload_ab12.png`,
      `${uploadBase}/a/../../upload_ab12.png`,
      `${uploadBase}/./upload_ab12.png`,
      `${uploadBase}/%2e%2e/upload_ab12.png`,
      `${uploadBase}/a\\..\\b.png`,
      `${uploadBase}//upload_ab12.png`,
      `${uploadBase}/`,
      `${uploadBase}/upload_ab12.png?x-oss-process=1`,
      `${uploadBase}/upload_ab12.png#top`,
      '/uploads/..',
      '/uploads/../admin',
      '/uploads/a.png?w=1',
      '/uploads/',
      `${origin}/uploads/a b.png`,
      '/avatar.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      expect(storedUploadUrl(url, places), url).toBeUndefined();
    }
  });

  it('has the stored shape the CMS holds to, whatever host: the rule’s own answers and nothing else', () => {
    for (const stored of ['', '/uploads/a.png', '/uploads/feiyi/a.png', 'https://img.example.cn/a.png', 'http://127.0.0.1:9000/b/a.png']) {
      expect(isStoredUploadShape(stored), stored).toBe(true);
    }
    for (const other of [
      ' /uploads/a.png',
      '/uploads/../a.png',
      'https://img.example.cn/a.png?x=1',
      'https://img.example.cn',
      'https://a@b/a.png',
      'ftp://x/a.png',
    ]) {
      expect(isStoredUploadShape(other), other).toBe(false);
    }
  });
});

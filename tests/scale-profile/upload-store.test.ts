import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { culturePageResponse, uploadResponse } from '@feiyi/contract';
import { expectOk, fileForm, get, post, randomIp, tinyPng } from '../support/api.ts';
import { sql } from '../support/database.ts';
import { testEnv } from '../support/env.ts';

// The scale profile stores uploads in an S3-compatible bucket (a local s3rver, reached through Strapi's S3 provider);
// nginx serves them under the portal's own /uploads/ addresses. The bucket is read here directly, at its own address.

const bucketUrl = process.env.TEST_UPLOAD_STORE_URL ?? '';
const localUploads = path.join(testEnv.workDir, 'cms-public', 'uploads');

/** The object's name in the bucket: the file name after /uploads/ (the address's query string is the picture's size). */
const objectName = (url: string) => new URL(url).pathname.replace(/^\/uploads\//, '');

async function fromBucket(name: string) {
  const response = await fetch(`${bucketUrl}/${name}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('uploads in the S3-compatible store', () => {
  it('runs with a bucket of its own', () => {
    expect(bucketUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feiyi-media$/);
  });

  it('stores an avatar uploaded through the API in the bucket, not on the CMS’s disk, and nginx serves it from there', async () => {
    const png = tinyPng(3, 3);
    const { data: url } = expectOk(
      await post('/api/upload/avatar', { body: fileForm(png, 'me.png', 'image/png'), ip: randomIp() }),
      uploadResponse,
    );
    // The address the API documents: the portal's own origin, under /uploads/.
    expect(url).toMatch(new RegExp(`^${testEnv.webUrl}/uploads/upload_[\\w]+\\.png$`));
    const name = objectName(url);

    // The CMS stores the image as Strapi's optimiser rewrote it: still the PNG uploaded, the same 3 × 3 pixels.
    const stored = await fromBucket(name);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/png');
    expect([...stored.bytes.subarray(0, 8)]).toEqual([...png.subarray(0, 8)]);
    expect(Buffer.from(stored.bytes).readUInt32BE(16)).toBe(3);
    expect(Buffer.from(stored.bytes).readUInt32BE(20)).toBe(3);
    expect(existsSync(path.join(localUploads, name))).toBe(false);

    const [record] = await sql<{ url: string; provider: string }>('SELECT url, provider FROM files WHERE hash = ?', [
      name.replace(/\.png$/, ''),
    ]);
    expect(record).toEqual({ url: `/uploads/${name}`, provider: 'aws-s3' });

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(served.headers.get('cache-control')).toBe('max-age=604800');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(stored.bytes);

    // The admin shows media by the same path on the CMS's own origin: the CMS reads it from the site.
    const inAdmin = await fetch(`${testEnv.cmsUrl}/uploads/${name}`);
    expect(inAdmin.status).toBe(200);
    expect(inAdmin.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await inAdmin.arrayBuffer())).toEqual(stored.bytes);
  });

  it('keeps a photograph’s AVIF and WebP copies in the bucket too, each served through nginx', async () => {
    const photo = tinyPng(600, 400);
    const form = fileForm(photo, 'photo.png', 'image/png', 'files');
    const response = await fetch(`${testEnv.cmsUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testEnv.cmsToken}` },
      body: form,
    });
    expect(response.status).toBe(201);
    const [file] = (await response.json()) as Array<{ url: string; formats: Record<string, { url: string; mime: string }> }>;
    // The widths the site's layouts ask for that the photograph reaches: 480, and its own 600.
    expect(
      Object.keys(file!.formats)
        .filter((key) => /^(avif|webp)_/.test(key))
        .sort(),
    ).toEqual(['avif_480', 'avif_600', 'webp_480', 'webp_600']);
    for (const copy of [file!, ...Object.values(file!.formats)]) {
      expect(copy.url).toMatch(/^\/uploads\/[\w.-]+$/);
      const name = copy.url.slice('/uploads/'.length);
      expect((await fromBucket(name)).status, name).toBe(200);
      const served = await fetch(`${testEnv.webUrl}${copy.url}`);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type'), name).toBe(
        name.endsWith('.avif') ? 'image/avif' : name.endsWith('.webp') ? 'image/webp' : 'image/png',
      );
    }
  });

  it('holds the seeded illustrations, which the built pages show through nginx', async () => {
    const { records } = expectOk(await get('/api/culture/page', { query: { category: '', page: 1 } }), culturePageResponse).data.page;
    const cover = records[0]!.coverImage;
    expect(cover.startsWith(`${testEnv.webUrl}/uploads/`)).toBe(true);
    expect((await fromBucket(objectName(cover))).status).toBe(200);
    expect(existsSync(path.join(localUploads, objectName(cover)))).toBe(false);

    const page = await fetch(`${testEnv.webUrl}/culture/item/${records[0]!.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const image = /(?:src|srcset)="([^" ]*\/uploads\/[^" ]+)/.exec(html)?.[1];
    expect(image).toBeDefined();
    const served = await fetch(new URL(image!.replaceAll('&amp;', '&'), testEnv.webUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
  });

  it('still serves a file uploaded before uploads went to the bucket, from the CMS’s folder', async () => {
    const png = tinyPng(4, 4);
    const name = `before_the_bucket_${Date.now()}.png`;
    mkdirSync(localUploads, { recursive: true });
    writeFileSync(path.join(localUploads, name), png);
    expect((await fromBucket(name)).status).toBe(404);
    const served = await fetch(`${testEnv.webUrl}/uploads/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(png));
  });

  it('answers a missing upload with 404 and never lists the bucket', async () => {
    const missing = await fetch(`${testEnv.webUrl}/uploads/no-such-file.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 40400, message: '文件不存在', data: null });
    expect((await fetch(`${testEnv.webUrl}/uploads/`)).status).toBe(403);
    expect((await fetch(`${testEnv.webUrl}/uploads/x.png`, { method: 'PUT', body: 'x' })).status).toBe(405);
  });
});

import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cultureDetailResponse, readPicture } from '@feiyi/contract';
import { expectOk, get } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';
import { everyInstanceFollowsTheCms } from '../support/instances.ts';

// A photograph an editor uploads is served as sized AVIF and WebP copies (cms/src/media/web-formats.ts); the API's
// URL carries them (contract/picture.ts). Refused uploads say why in Chinese (cms/src/media/upload-rules.ts).

/** A w × h PNG of a colour gradient. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([(x * 255) / width, (y * 255) / height, 120], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

async function upload(token: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${testEnv.cmsUrl}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as unknown };
}

interface UploadedFile {
  id: number;
  url: string;
  width: number;
  height: number;
  formats: Record<string, { url: string; mime: string; width: number; height: number }>;
}

describe('media for photographs', () => {
  it('a 1600 × 1000 PNG an editor uploads gets AVIF and WebP copies at 480, 960 and 1440 px, served with their types', async () => {
    const editor = await adminToken('editor');
    const { status, body } = await upload(editor, gradientPng(1600, 1000), '渐变测试.png', 'image/png');
    expect(status).toBe(201);
    const [file] = body as UploadedFile[];
    try {
      const copies = Object.entries(file!.formats)
        .filter(([key]) => /^(avif|webp)_/.test(key))
        .map(([key, format]) => [key, format.width, format.height, format.mime]);
      expect(copies.sort()).toEqual(
        [
          ['avif_1440', 1440, 900, 'image/avif'],
          ['avif_480', 480, 300, 'image/avif'],
          ['avif_960', 960, 600, 'image/avif'],
          ['webp_1440', 1440, 900, 'image/webp'],
          ['webp_480', 480, 300, 'image/webp'],
          ['webp_960', 960, 600, 'image/webp'],
        ].sort(),
      );
      // Served on the visitor's origin with the right type, and much smaller than the original.
      const original = await fetch(`${testEnv.webUrl}${file!.url}`);
      const originalBytes = (await original.arrayBuffer()).byteLength;
      for (const [key, format] of Object.entries(file!.formats).filter(([key]) => /^(avif|webp)_480$/.test(key))) {
        const response = await fetch(`${testEnv.webUrl}${format.url}`);
        expect(response.status, key).toBe(200);
        expect(response.headers.get('content-type'), key).toBe(format.mime);
        expect((await response.arrayBuffer()).byteLength, key).toBeLessThan(originalBytes / 4);
      }
    } finally {
      await adminRequest(editor, 'DELETE', `/upload/files/${file!.id}`);
    }
  });

  it('a published culture item with such a cover is served with its copies in the cover’s URL', async () => {
    const editor = await adminToken('editor');
    const { body } = await upload(editor, gradientPng(800, 500), 'cover.png', 'image/png');
    const [file] = body as UploadedFile[];
    const created = await adminRequest(editor, 'POST', '/content-manager/collection-types/api::culture.culture', {
      title: '图片测试条目',
      slug: `picture-${Date.now()}`,
      content: '用于检查封面图片的多尺寸副本。',
      cover: file!.id,
    });
    expect(created.status).toBe(201);
    const documentId = String(created.body?.data?.documentId);
    try {
      const published = await adminRequest(
        editor,
        'POST',
        `/content-manager/collection-types/api::culture.culture/${documentId}/actions/publish`,
        {},
      );
      expect(published.status).toBe(200);
      const id = Number((published.body?.data as { pid?: number }).pid);
      // The adapter follows the publish at once when asked, as the CMS's change event asks it.
      await everyInstanceFollowsTheCms();
      const culture = expectOk(await get(`/api/culture/${id}`), cultureDetailResponse).data.culture;
      const picture = readPicture(culture.coverImage);
      expect(picture).toMatchObject({ width: 800, height: 500, src: `${testEnv.webUrl}${file!.url}` });
      expect(picture!.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
      expect(picture!.sources[0]!.srcset).toBe(
        [480, 800].map((w) => `${testEnv.webUrl}${file!.formats[`avif_${w}`]!.url} ${w}w`).join(', '),
      );
    } finally {
      await adminRequest(editor, 'DELETE', `/content-manager/collection-types/api::culture.culture/${documentId}`);
      await adminRequest(editor, 'DELETE', `/upload/files/${file!.id}`);
    }
  });

  it('refuses a file over 20 MB and a type that is not a picture or video, in Chinese, keeping nothing', async () => {
    const editor = await adminToken('editor');
    const before = await adminRequest(editor, 'GET', '/upload/files?pageSize=1');
    const total = (before.body as unknown as { pagination: { total: number } }).pagination.total;

    // A video (Strapi's optimisation, which the limit is measured after, shrinks any picture first): an MP4 header and 21 MB.
    const mp4Header = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2avc1mp41'),
    ]);
    const large = await upload(editor, Buffer.concat([mp4Header, Buffer.alloc(21 * 1024 * 1024)]), '长视频.mp4', 'video/mp4');
    expect(large.status).toBe(413);
    expect((large.body as { error: { message: string } }).error.message).toBe(
      '文件「长视频.mp4」超过 20 MB，未上传。请压缩后再试（图片 JPEG、PNG、WebP、AVIF、GIF、SVG，视频 MP4、WebM；单个文件不超过 20 MB）',
    );
    const zip = await upload(editor, Buffer.from('PK\u0003\u0004 not really a zip'), '资料.zip', 'application/zip');
    expect(zip.status).toBe(400);
    expect((zip.body as { error: { message: string } }).error.message).toMatch(/^文件「资料\.zip」的类型（.+）不能上传。可上传：图片 JPEG/);

    const after = await adminRequest(editor, 'GET', '/upload/files?pageSize=1');
    expect((after.body as unknown as { pagination: { total: number } }).pagination.total).toBe(total);
  });
});

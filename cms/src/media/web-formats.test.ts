import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { webFormats, widthsFor } from './web-formats';

describe('widthsFor', () => {
  it('makes each layout width below the picture, and the picture’s own width when it is not above the largest', () => {
    expect(widthsFor(4000)).toEqual([480, 960, 1440]);
    expect(widthsFor(1440)).toEqual([480, 960, 1440]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
    expect(widthsFor(300)).toEqual([300]);
  });
});

describe('webFormats', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-formats-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('encodes a 1200 × 800 JPEG as AVIF and WebP at 480, 960 and 1200 px, each file readable and of its type', async () => {
    const original = path.join(dir, 'photo.jpg');
    writeFileSync(
      original,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#9D2933' } })
        .jpeg()
        .toBuffer(),
    );
    const formats = await webFormats({
      name: '昆曲.jpg',
      hash: 'kunqu_abc',
      ext: '.jpg',
      filepath: original,
      tmpWorkingDirectory: dir,
      getStream: () => {
        throw new Error('unused');
      },
    });
    expect(formats.map((f) => f.key)).toEqual(['avif_480', 'webp_480', 'avif_960', 'webp_960', 'avif_1200', 'webp_1200']);
    for (const { key, file } of formats) {
      const meta = await sharp(readFileSync(file.filepath!)).metadata();
      expect(meta.width).toBe(Number(key.split('_')[1]));
      expect(meta.height).toBe(Math.round((meta.width! * 800) / 1200));
      expect(file).toMatchObject({ width: meta.width, height: meta.height, hash: `${key}_kunqu_abc`, name: `${key}_昆曲${file.ext}` });
      expect(meta.format).toBe(key.startsWith('avif') ? 'heif' : 'webp');
      expect(file.mime).toBe(key.startsWith('avif') ? 'image/avif' : 'image/webp');
    }
  });

  it('makes no copies of an animated GIF (a still copy would lose its motion)', async () => {
    const gif = path.join(dir, 'moving.gif');
    const frame = { create: { width: 600, height: 400, channels: 4 as const, background: '#3D5A6C' } };
    writeFileSync(
      gif,
      await sharp([await sharp(frame).png().toBuffer(), await sharp(frame).png().toBuffer()], { join: { animated: true } })
        .gif()
        .toBuffer(),
    );
    const formats = await webFormats({
      name: 'moving.gif',
      hash: 'moving',
      filepath: gif,
      tmpWorkingDirectory: dir,
      getStream: () => {
        throw new Error('unused');
      },
    });
    expect(formats).toEqual([]);
  });
});

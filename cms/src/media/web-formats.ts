/**
 * Photographs for the web: next to Strapi's own formats (thumbnail, small, medium, large in the uploaded type), every
 * raster upload gets AVIF and WebP copies at the widths the site's layouts use, stored as more entries of the file's
 * `formats` (`avif_480`, `webp_960` …). They go through the configured upload provider like Strapi's formats, so they
 * land wherever uploads do (local folder or S3) and are deleted with the file.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import sharp, { type Sharp } from 'sharp';

/** The widths the site asks for: a card column (≈ 360 px) at 1× and 2×, and a full-width picture at 1× and 2×. */
export const WEB_WIDTHS = [480, 960, 1440] as const;
export const WEB_TYPES = [
  { name: 'avif', mime: 'image/avif', ext: '.avif', encode: (image: Sharp) => image.avif({ quality: 55, effort: 2 }) },
  { name: 'webp', mime: 'image/webp', ext: '.webp', encode: (image: Sharp) => image.webp({ quality: 78 }) },
] as const;

/** What sharp calls the types a photograph comes in (AVIF is 'heif' to it). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'tiff']);

/** A file as Strapi's upload service hands it to the image manipulation service (the fields this module uses). */
export interface UploadFile {
  name: string;
  hash: string;
  ext?: string;
  mime?: string;
  width?: number | null;
  height?: number | null;
  filepath?: string;
  tmpWorkingDirectory?: string;
  path?: string | null;
  getStream: () => NodeJS.ReadableStream;
}

interface Format {
  key: string;
  file: UploadFile & { width: number; height: number; size: number; sizeInBytes: number };
}

/** The widths to make for an image `width` pixels wide: each layout width it exceeds, and its own width below the largest. */
export function widthsFor(width: number): number[] {
  const smaller = WEB_WIDTHS.filter((w) => w < width);
  return width <= WEB_WIDTHS[WEB_WIDTHS.length - 1]! ? [...smaller, width] : smaller;
}

const baseName = (name: string) => name.slice(0, name.length - path.extname(name).length);

/** The AVIF and WebP copies of one image, encoded one after the other (a 2-core server keeps answering meanwhile). */
export async function webFormats(file: UploadFile): Promise<Format[]> {
  const source = file.filepath ? await sharp(file.filepath).toBuffer() : await streamToBuffer(file.getStream());
  const { width, format, pages = 1 } = await sharp(source).metadata();
  // Photographs only: an animated GIF or WebP would lose its motion in a still copy.
  if (!width || !PHOTO_FORMATS.has(format ?? '') || pages > 1) return [];
  const formats: Format[] = [];
  for (const target of widthsFor(width)) {
    for (const type of WEB_TYPES) {
      const key = `${type.name}_${target}`;
      const hash = `${key}_${file.hash}`;
      const filepath = path.join(file.tmpWorkingDirectory ?? path.dirname(file.filepath ?? '.'), `${hash}${type.ext}`);
      // rotate(): EXIF orientation applied, as Strapi's own formats do.
      const info = await type.encode(sharp(source).rotate().resize({ width: target, withoutEnlargement: true })).toFile(filepath);
      formats.push({
        key,
        file: {
          name: `${key}_${baseName(file.name)}${type.ext}`,
          hash,
          ext: type.ext,
          mime: type.mime,
          path: file.path ?? null,
          filepath,
          getStream: () => createReadStream(filepath),
          width: info.width,
          height: info.height,
          size: Math.round((info.size / 1000) * 100) / 100,
          sizeInBytes: info.size,
        },
      });
    }
  }
  return formats;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type ImageManipulation = { generateResponsiveFormats: (file: UploadFile) => Promise<Array<Format | null | undefined>> };

/** Adds the web copies to what Strapi's upload makes for a resizable image (it asks only for resizable ones). */
export function registerWebFormats(strapi: Core.Strapi): void {
  const service = strapi.plugin('upload').service('image-manipulation') as ImageManipulation;
  const strapiFormats = service.generateResponsiveFormats.bind(service);
  service.generateResponsiveFormats = async (file) => [...(await strapiFormats(file)), ...(await webFormats(file))];
}

import { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';

/**
 * Generated artwork goes into Strapi's media library like any editor upload, under a Chinese file name
 * (what the library lists). A file is found by its name first, so an interrupted seed reuses what it already
 * uploaded instead of duplicating it; a file seeded before the names were Chinese is found by its old English
 * name and renamed (its address stays).
 */
export class SeedMedia {
  private readonly strapi: Core.Strapi;
  private readonly names = new Set<string>();

  constructor(strapi: Core.Strapi) {
    this.strapi = strapi;
  }

  /** `kind` and `title` make the Chinese name (e.g. 文化条目 · 昆曲.svg); `legacyName` is the earlier English one. */
  async svg(seed: { kind: string; title: string; legacyName: string }, svg: string, alternativeText: string): Promise<number> {
    const name = seedFileName(seed.kind, seed.title);
    // The name is the key: two records must never share one file by accident.
    if (this.names.has(name)) throw new Error(`Two seed files would be named ${name}`);
    this.names.add(name);
    const files = this.strapi.db.query('plugin::upload.file');
    const existing = await files.findOne({ where: { name }, select: ['id'] });
    if (existing) return existing.id as number;
    const legacy = await files.findOne({ where: { name: seed.legacyName }, select: ['id'] });
    if (legacy) {
      await files.update({ where: { id: legacy.id }, data: { name, alternativeText } });
      return legacy.id as number;
    }
    const buffer = Buffer.from(svg);
    const upload = this.strapi.plugin('upload').service('upload');
    // Our own generated SVGs need no sniffing or resizing: skip the image pipeline (≈ 0.6 s per file
    // with sharp) and go straight to the configured provider, then record the file as Strapi does.
    const file = await upload.formatFileInfo(
      { filename: name, type: 'image/svg+xml', size: buffer.length },
      { name, alternativeText, caption: '本站生成的插图' },
    );
    const { width, height } = svgSize(svg);
    Object.assign(file, { buffer, getStream: () => Readable.from(buffer), width, height });
    await this.strapi.plugin('upload').service('provider').upload(file);
    delete file.buffer;
    delete file.getStream;
    const created = await this.strapi.db.query('plugin::upload.file').create({
      data: { ...file, provider: this.strapi.config.get('plugin::upload.provider', 'local') },
    });
    return created.id as number;
  }
}

/** A file name from Chinese words, without the characters file systems and downloads refuse. */
export function seedFileName(kind: string, title: string): string {
  return `${kind} · ${title.replace(/[\\/:*?"<>|]+/g, ' ').trim()}.svg`;
}

function svgSize(svg: string): { width: number; height: number } {
  const match = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  return { width: Number(match?.[1] ?? 0), height: Number(match?.[2] ?? 0) };
}

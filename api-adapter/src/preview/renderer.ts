import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** @astrojs/node's middleware: renders the on-demand page matching req.url, with `locals` as Astro.locals. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals: Record<string, unknown>,
) => Promise<void>;

/**
 * The site build's on-demand part (site/astro.config.mjs: /preview/… pages, built into {siteDir}/_server), imported on
 * the first preview and again after a rebuild replaced it (the entry's inode and time change when the build swaps in).
 */
export class PreviewRenderer {
  private readonly entry: string;
  private loaded: { key: string; handler: Promise<AstroHandler> } | undefined;

  constructor(siteDir: string) {
    this.entry = path.join(siteDir, '_server', 'entry.mjs');
  }

  /** The handler of the current build, or undefined while no site with preview pages has been built. */
  async handler(): Promise<AstroHandler | undefined> {
    const file = await stat(this.entry).catch(() => undefined);
    if (!file) return undefined;
    const key = `${file.ino}-${file.mtimeMs}`;
    if (this.loaded?.key !== key) {
      const url = `${pathToFileURL(this.entry).href}?build=${key}`;
      this.loaded = { key, handler: import(url).then((module: { handler: AstroHandler }) => module.handler) };
    }
    return this.loaded.handler;
  }
}

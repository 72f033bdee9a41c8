/**
 * Build step: the heading font (Noto Serif SC SemiBold, OFL) subset to the characters the built pages set in it,
 * written as a few woff2 slices with unicode-ranges plus /fonts/serif.css that Base.astro links; each page's <html>
 * names its heading characters (data-serif-text) for islands/shell/serif-font.ts. Slices are cached
 * by their character sets, so a rebuild after an editor's publish only cuts the slices whose characters changed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import subsetFont from 'subset-font';
import {
  customProperty,
  fontFaceCss,
  serifCharacters,
  serifRuleSelectors,
  serifSelectors,
  serifSwitchCss,
  sliceByUse,
  slicesNeeded,
  withSerifText,
} from '../src/lib/fonts/serif-subset.ts';

export const SERIF_FAMILY = 'Feiyi Serif';
/** About 80 glyphs ≈ 17 KB of woff2 per slice: measured, this keeps the most a page fetches near 150 KB. */
const SLICE_SIZE = 80;

const require = createRequire(import.meta.url);
const SOURCE_FONT = require.resolve('@expo-google-fonts/noto-serif-sc/600SemiBold/NotoSerifSC_600SemiBold.ttf');
const CACHE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache', 'serif-font');

let sourceFont: Buffer | undefined;

/**
 * One woff2 slice holding `chars`, named by them (serif-<hash>.woff2): cut from the source font once, then read from
 * the cache. Used by the full build and by the render service's supplementary slice after a publish.
 */
export async function serifSlice(chars: readonly string[]): Promise<{ name: string; bytes: Buffer; cut: boolean }> {
  const text = chars.join('');
  const name = `serif-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.woff2`;
  const cached = path.join(CACHE_DIR, name);
  if (existsSync(cached)) return { name, bytes: await readFile(cached), cut: false };
  sourceFont ??= await readFile(SOURCE_FONT);
  const bytes = Buffer.from(await subsetFont(sourceFont, text, { targetFormat: 'woff2' }));
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(cached, bytes);
  return { name, bytes, cut: true };
}

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export default function serifFont(): AstroIntegration {
  return {
    name: 'feiyi-serif-font',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const outDir = fileURLToPath(dir);
        const css = (await Promise.all((await filesUnder(outDir, '.css')).map((file) => readFile(file, 'utf8')))).join('\n');
        const selectors = serifSelectors(css);

        // Pages in path order, so that neighbouring pages (one section of the site) share their slices.
        const htmlFiles = (await filesUnder(outDir, '.html')).sort();
        const pages = await Promise.all(htmlFiles.map(async (file) => serifCharacters(await readFile(file, 'utf8'), selectors)));
        // Each page names its heading characters, so that its script asks for just its slices once it has loaded.
        await Promise.all(htmlFiles.map(async (file, i) => writeFile(file, withSerifText(await readFile(file, 'utf8'), pages[i]!))));
        const slices = sliceByUse(pages, SLICE_SIZE);
        const needed = pages.map((chars) => slicesNeeded(chars, slices)).sort((a, b) => a - b);
        const characters = slices.reduce((sum, slice) => sum + slice.length, 0);
        await mkdir(path.join(outDir, 'fonts'), { recursive: true });
        let cut = 0;
        const files: Array<{ url: string; chars: string[] }> = [];
        for (const chars of slices) {
          const slice = await serifSlice(chars);
          if (slice.cut) cut += 1;
          await writeFile(path.join(outDir, 'fonts', slice.name), slice.bytes);
          files.push({ url: `/fonts/${slice.name}`, chars });
        }
        // The faces, and the rule that puts them first in the serif elements' stack once the page's script has loaded them.
        const fallback = customProperty(css, '--font-serif') ?? 'serif';
        const switchCss = serifSwitchCss(serifRuleSelectors(css), SERIF_FAMILY, fallback);
        await writeFile(path.join(outDir, 'fonts', 'serif.css'), `${fontFaceCss(SERIF_FAMILY, '600 700', files)}\n${switchCss}\n`);
        const median = needed[Math.floor(needed.length / 2)] ?? 0;
        logger.info(
          `heading font: ${characters} characters in ${files.length} slices (${cut} cut); a page needs ${median} (median) to ` +
            `${needed[needed.length - 1] ?? 0} slices; ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}

/**
 * Paints the hero's mask artwork (public/images/home/mask.svg) at the 3D texture's size into a WebP, once, by hand;
 * the picture is committed under public/images/home/. The 3D worker fetches and decodes it itself, so the page's main
 * thread never rasterises the SVG for the texture (an SVG drawn to a canvas is main-thread work). Uses the sharp of
 * Astro's image service (libvips with librsvg; the artwork has no text, so no fonts are involved).
 *
 *   node site/scripts/mask-texture.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(SITE, 'public/images/home/mask.svg');
const OUT = path.join(SITE, 'public/images/home/mask-texture.webp');
/** mask-scene.ts's TEXTURE_SIZE. */
const SIZE = { width: 960, height: 1120 };

type Sharp = (
  input: Buffer,
  options: { density: number },
) => {
  resize(width: number, height: number): { webp(options: { quality: number; alphaQuality: number }): { toBuffer(): Promise<Buffer> } };
};
const astro = createRequire(import.meta.url).resolve('astro/package.json');
const sharp = createRequire(astro)('sharp') as Sharp;

const svg = readFileSync(SOURCE);
// The SVG is 480 wide: 144 dpi draws it at twice its size, the texture's width, without scaling a bitmap up.
const webp = await sharp(svg, { density: 144 }).resize(SIZE.width, SIZE.height).webp({ quality: 86, alphaQuality: 90 }).toBuffer();
writeFileSync(OUT, webp);
console.log(`${path.relative(process.cwd(), OUT)}: ${SIZE.width} × ${SIZE.height}, ${(webp.length / 1024).toFixed(0)} KB`);

/**
 * Draws the installed app's icons from the site's own seal (public/favicon.svg) with sharp: 192 and 512 px for the
 * manifest (Chrome's installability asks for 192 and 512), a maskable 512 px whose seal sits inside the safe zone (the
 * middle 80 %) on 宣纸, and the 180 px apple-touch-icon. Run once by hand; the PNGs are committed under
 * site/public/icons/, so nothing is drawn when the portal builds. The seal's 遗 is set in Debian's Noto CJK fonts.
 *
 *   node site/scripts/app-icons.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEAL = readFileSync(path.join(SITE, 'public/favicon.svg'));
const OUT = path.join(SITE, 'public/icons');
/** 宣纸, the page's background (DESIGN.md's base-100). */
const PAPER = '#F7F3E9';

const seal = (size: number) =>
  sharp(SEAL, { density: (72 * size) / 64 })
    .resize(size, size)
    .png();

for (const size of [192, 512]) await seal(size).toFile(path.join(OUT, `icon-${size}.png`));
await seal(180).flatten({ background: PAPER }).toFile(path.join(OUT, 'apple-touch-icon.png'));
// Maskable: the seal at 70 % in the middle of a 宣纸 square, well inside the safe zone any mask keeps.
const inner = await seal(358).toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: PAPER } })
  .composite([{ input: inner, gravity: 'centre' }])
  .png()
  .toFile(path.join(OUT, 'maskable-512.png'));
console.log(`icons written to ${path.relative(process.cwd(), OUT)}`);

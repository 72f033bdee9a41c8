/**
 * Draws the installed app's icons from the site's own seal (public/favicon.svg) with sharp: 192 and 512 px for the
 * manifest (Chrome's installability asks for 192 and 512), a maskable 512 px whose seal sits inside the safe zone (the
 * middle 80 %) on 宣纸, the 180 px apple-touch-icon, and /favicon.ico (32 and 48 px PNGs in an ICO: what browsers ask
 * for on a page that names no icon, such as a feed or a downloaded file shown in the tab, and what feed readers fetch). Run once by hand; the PNGs are committed under
 * site/public/icons/, so nothing is drawn when the portal builds. The seal's 遗 is set in Debian's Noto CJK fonts.
 *
 *   node site/scripts/app-icons.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
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

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it): header, directory, images. */
const ico = (pngs: Array<{ size: number; data: Buffer }>) => {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((png) => png.data)]);
};
const icoSizes = [32, 48];
writeFileSync(
  path.join(SITE, 'public/favicon.ico'),
  ico(await Promise.all(icoSizes.map(async (size) => ({ size, data: await seal(size).toBuffer() })))),
);
console.log(`icons written to ${path.relative(process.cwd(), OUT)}`);

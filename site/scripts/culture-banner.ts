/**
 * Makes the culture page's 4 banner clips from the site's own artwork (the CMS seed's category
 * glyphs, clouds, meander frame and seal, cms/seed/artwork): each frame is an SVG drawn here, and
 * ffmpeg (Debian's package, with librsvg) rasterises and encodes them. Run once by hand; the
 * clips are committed under site/public/media/culture-banner/, so nothing is made or downloaded
 * when the portal starts.
 *
 *   node site/scripts/culture-banner.ts
 *
 * Each clip is 7 s (the banner's interval): an ink wash blooms, the category's emblem is brushed
 * in from left to right, clouds drift, the seal is stamped; the camera closes in slowly. The last
 * frame (the finished picture) is also written as the poster image that shows before the video
 * plays and, with prefers-reduced-motion, instead of it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTWORK = path.resolve(SITE, '../cms/seed/artwork');
const OUT = path.join(SITE, 'public/media/culture-banner');

// The artwork module belongs to the CMS (a CommonJS package whose TypeScript Strapi compiles):
// load its files as ES modules with their extensionless imports resolved, without a build step.
registerHooks({
  resolve(specifier, context, next) {
    if (context.parentURL?.startsWith(`file://${ARTWORK}/`) && specifier.startsWith('./') && !path.extname(specifier)) {
      return next(`${specifier}.ts`, context);
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    const loaded = next(url, context);
    return url.startsWith(`file://${ARTWORK}/`) ? { ...loaded, format: 'module-typescript' } : loaded;
  },
});
const { CATEGORY_STYLES, INK } = await import(`${ARTWORK}/palette.ts`);
const { cloud, glyph, meanderFrame, seal } = await import(`${ARTWORK}/primitives.ts`);
type Glyph = Parameters<typeof glyph>[0];

const W = 1280;
const H = 640;
const FPS = 24;
const SECONDS = 7;
const FRAMES = FPS * SECONDS;

/** The four clips, in banner order; slugs name the files the culture page links to. */
export const CLIPS = [
  { slug: 'xiqu', category: 67, seal: '戏曲' },
  { slug: 'jiyi', category: 71, seal: '技艺' },
  { slug: 'yinyue', category: 72, seal: '音乐' },
  { slug: 'meishu', category: 68, seal: '美术' },
] as const;

const clamp = (x: number) => Math.min(1, Math.max(0, x));
/** 0 → 1 between t0 and t1 (seconds), eased out. */
const ease = (t: number, t0: number, t1: number) => {
  const x = clamp((t - t0) / (t1 - t0));
  return 1 - (1 - x) ** 3;
};
/** 0 → 1 between t0 and t1, eased in and out (a brush stroke starts and ends slowly). */
const smooth = (t: number, t0: number, t1: number) => {
  const x = clamp((t - t0) / (t1 - t0));
  return x * x * (3 - 2 * x);
};

/** 朱砂 seal on paper; on a red ground the seal turns paper-white with red characters. */
const sealColours = (background: string): [string, string] =>
  background === INK.rouge || background === INK.cinnabar ? [INK.paper, INK.rouge] : [INK.cinnabar, INK.paper];

function frame(clip: (typeof CLIPS)[number], t: number): string {
  const style = CATEGORY_STYLES[clip.category] as { background: string; ink: string; accent: string; glyph: Glyph };
  const zoom = 1 + 0.05 * (t / SECONDS);
  const wash = ease(t, 0, 3.2);
  const reveal = smooth(t, 0.3, 4.6);
  const sealIn = ease(t, 4.6, 5.2);
  const sealScale = 1.25 - 0.25 * sealIn;
  // The emblem sits right of centre: the page's captions take the left, and a phone's crop keeps it.
  const gx = 700;
  const gy = 110;
  const gs = 430;
  const revealWidth = gs * 1.1 * reveal;
  const drift = (speed: number, start: number) => start + speed * t;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">`,
    '<defs>',
    `<radialGradient id="wash" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${style.ink}" stop-opacity="0.22"/><stop offset="0.6" stop-color="${style.ink}" stop-opacity="0.08"/><stop offset="1" stop-color="${style.ink}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="brush" x1="0" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.82" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    `<mask id="reveal" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}"><rect x="${gx - 30}" y="${gy - 30}" width="${revealWidth}" height="${gs + 60}" fill="url(#brush)"/></mask>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="${style.background}"/>`,
    `<g transform="translate(${W / 2} ${H / 2}) scale(${zoom}) translate(${-W / 2} ${-H / 2})">`,
    `<ellipse cx="${gx + gs / 2}" cy="${gy + gs / 2}" rx="${120 + 420 * wash}" ry="${90 + 300 * wash}" fill="url(#wash)" opacity="${wash}"/>`,
    `<ellipse cx="260" cy="470" rx="${60 + 260 * wash}" ry="${40 + 140 * wash}" fill="url(#wash)" opacity="${0.7 * wash}"/>`,
    cloud(drift(-14, 120), 420, 1.5, style.ink, 0.16),
    cloud(drift(9, 980), 70, 1.1, style.ink, 0.12),
    cloud(drift(-6, 560), 520, 0.9, style.ink, 0.1),
    `<g mask="url(#reveal)">${glyph(style.glyph, gx, gy, gs, style.ink, 0.5, 3.4)}</g>`,
    `<rect x="${gx}" y="${gy + gs + 14}" width="${80 * reveal}" height="3" fill="${style.accent}" opacity="${reveal}"/>`,
    `<g opacity="${sealIn}" transform="translate(${1090 + 44} ${440 + 44}) scale(${sealScale}) translate(${-1090 - 44} ${-440 - 44})">${seal(1090, 440, 88, clip.seal, ...sealColours(style.background))}</g>`,
    '</g>',
    meanderFrame(W, H, 20, style.ink, 0.45),
    '</svg>',
  ].join('');
}

function run(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

// `--preview DIR` writes four stills per clip to look at, and no clips.
const previewIndex = process.argv.indexOf('--preview');
if (previewIndex > 0) {
  const dir = path.resolve(process.argv[previewIndex + 1] ?? '.');
  mkdirSync(dir, { recursive: true });
  for (const clip of CLIPS) {
    for (const t of [1, 2.5, 4.5, SECONDS - 1 / FPS]) {
      const svg = path.join(dir, `${clip.slug}-${t.toFixed(1)}.svg`);
      writeFileSync(svg, frame(clip, t));
      run(['-i', svg, path.join(dir, `${clip.slug}-${t.toFixed(1)}.png`)]);
    }
  }
  process.exit(0);
}

mkdirSync(OUT, { recursive: true });
for (const clip of CLIPS) {
  const work = mkdtempSync(path.join(tmpdir(), `banner-${clip.slug}-`));
  try {
    for (let i = 0; i < FRAMES; i += 1) {
      writeFileSync(path.join(work, `f-${String(i).padStart(3, '0')}.svg`), frame(clip, i / FPS));
    }
    const frames = ['-framerate', String(FPS), '-i', path.join(work, 'f-%03d.svg')];
    // H.264 in MP4 plays everywhere; flat colours compress well, so a high CRF stays clean.
    run([
      ...frames,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      path.join(OUT, `${clip.slug}.mp4`),
    ]);
    // VP9 in WebM: smaller still, chosen first by browsers that play it.
    run([
      ...frames,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '34',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-an',
      path.join(OUT, `${clip.slug}.webm`),
    ]);
    // The poster: the finished picture, at two widths for srcset.
    const last = path.join(work, `f-${String(FRAMES - 1).padStart(3, '0')}.svg`);
    for (const width of [1280]) {
      run(['-i', last, '-vf', `scale=${width}:-1`, '-c:v', 'libwebp', '-quality', '78', path.join(OUT, `${clip.slug}-${width}.webp`)]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const size = (ext: string) => `${Math.round(statSync(path.join(OUT, `${clip.slug}${ext}`)).size / 1024)} KB`;
  console.log(`${clip.slug}: mp4 ${size('.mp4')}, webm ${size('.webm')}, poster ${size('-1280.webp')}`);
}

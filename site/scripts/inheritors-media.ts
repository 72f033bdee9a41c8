/**
 * Makes the media of the inheritors page's introduction from the portal's own generated artwork
 * (cms/seed/artwork): the four banner pictures, the story video with its poster, the magnifier
 * picture and the three carousel pictures. Run once, by hand, and commit the output:
 *
 *   node site/scripts/inheritors-media.ts                  (everything)
 *   node site/scripts/inheritors-media.ts banners captions (only those parts: banners, story,
 *                                                                captions, magnifier, carousel)
 *
 * It needs ffmpeg with librsvg, libwebp, libvpx-vp9 and libx264 (Debian's ffmpeg has them). The
 * pictures are rendered here, where the CJK fonts the artwork names are installed, so that a
 * visitor's machine and the site build need neither ffmpeg nor those fonts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const ARTWORK = join(root, 'cms/seed/artwork');

// The artwork modules are written for Strapi's compiler: extensionless imports in a CommonJS
// package. Let Node resolve those specifiers to their .ts files and read them as ES modules.
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith(`file://${ARTWORK}/`) && url.endsWith('.ts')) return nextLoad(url, { ...context, format: 'module-typescript' });
    return nextLoad(url, context);
  },
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier.startsWith('.') && !/\.[cm]?[jt]s$/.test(specifier)) return nextResolve(`${specifier}.ts`, context);
      throw error;
    }
  },
});

const out = join(root, 'site/public/media/inheritors');
const { cultureCover, inheritorPortrait, INK, styleFor } = await import(`${ARTWORK}/index.ts`);
const { cloud, escapeXml, fitFontSize, glyph, grainFilter, grainLayer, meanderFrame, seal, SERIF, BRUSH } = await import(
  `${ARTWORK}/primitives.ts`
);

const PARTS = ['banners', 'story', 'captions', 'magnifier', 'carousel'] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length > 0) throw new Error(`未知的部分：${unknown.join('、')}（可选：${PARTS.join('、')}）`);
const wanted = (part: (typeof PARTS)[number]) => asked.length === 0 || asked.includes(part);

const work = mkdtempSync(join(tmpdir(), 'inheritors-media-'));
mkdirSync(out, { recursive: true });

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

/** SVG → WebP at the given width (height follows the SVG's aspect ratio). */
function webp(svg: string, name: string, widths: number[], quality = 78): void {
  const source = join(work, `${name}.svg`);
  writeFileSync(source, svg);
  for (const width of widths) {
    const target = join(out, `${name}-${width}.webp`);
    ffmpeg([
      '-width',
      String(width),
      '-keep_ar',
      '1',
      '-i',
      source,
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-quality',
      String(quality),
      target,
    ]);
    console.log(`${target.slice(root.length + 1)}  ${Math.round(statSync(target).size / 1024)} KB`);
  }
}

const text = (x: number, y: number, content: string, attrs: string) => `<text x="${x}" y="${y}" ${attrs}>${escapeXml(content)}</text>`;
const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;

// ── Banner: text-free pictures (the slide's title and description are HTML over the left side);
// no paper grain in them: noise costs bytes, and the page lays its own grain over everything. ──
const BANNERS = [
  // The first slide is the calm paper one: red stays an accent (DESIGN.md).
  { name: 'banner-1', category: 72 },
  { name: 'banner-2', category: 71 },
  { name: 'banner-3', category: 67 },
  { name: 'banner-4', category: 68 },
] as const;
for (const banner of wanted('banners') ? BANNERS : []) {
  const W = 1600;
  const H = 640;
  const style = styleFor(banner.category);
  const body = [
    `<defs><radialGradient id="wash" cx="76%" cy="48%" r="52%"><stop offset="0" stop-color="${style.ink}" stop-opacity="0.14"/><stop offset="1" stop-color="${style.ink}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="${style.background}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#wash)"/>`,
    glyph(style.glyph, 940, 60, 520, style.ink, 0.3, 3.4),
    cloud(820, 430, 2.2, style.ink, 0.2),
    cloud(1270, 90, 1.5, style.ink, 0.16),
    meanderFrame(W, H, 22, style.ink, 0.4),
    seal(W - 170, H - 170, 96, style.seal, style.background === INK.cinnabar ? INK.rouge : INK.cinnabar),
  ];
  webp(svgDoc(W, H, body.join('')), banner.name, [800, 1600]);
}

// ── Story video: a title card, four national inheritors' portrait cards, a closing card. ──
const PEOPLE = [
  { name: '张继青', skillType: '昆曲', item: '昆曲', category: 67, categoryLabel: '传统戏剧', province: '江苏', batchYear: 2008 },
  {
    name: '徐朝兴',
    skillType: '龙泉青瓷',
    item: '龙泉青瓷烧制技艺',
    category: 71,
    categoryLabel: '传统技艺',
    province: '浙江',
    batchYear: 2007,
  },
  { name: '王世杰', skillType: '昌黎民歌', item: '昌黎民歌', category: 72, categoryLabel: '传统音乐', province: '河北', batchYear: 2018 },
  {
    name: '周兆明',
    skillType: '蔚县剪纸',
    item: '剪纸（蔚县剪纸）',
    category: 68,
    categoryLabel: '传统美术',
    province: '河北',
    batchYear: 2007,
  },
] as const;

const SW = 1920;
const SH = 1080;
function card(title: string, lines: string[], sealText: string): string {
  return svgDoc(
    SW,
    SH,
    [
      `<defs>${grainFilter('g')}</defs>`,
      `<rect width="${SW}" height="${SH}" fill="${INK.paper}"/>`,
      cloud(180, 700, 3.2, INK.indigo, 0.12),
      cloud(1260, 180, 2.6, INK.indigo, 0.1),
      meanderFrame(SW, SH, 40, INK.ink, 0.35),
      text(SW / 2, 470, title, `font-family="${BRUSH}" font-size="150" fill="${INK.ink}" text-anchor="middle"`),
      `<rect x="${SW / 2 - 60}" y="530" width="120" height="5" fill="${INK.cinnabar}"/>`,
      ...lines.map((line, i) =>
        text(
          SW / 2,
          640 + i * 70,
          line,
          `font-family="${SERIF}" font-size="44" letter-spacing="6" fill="${INK.indigo}" text-anchor="middle"`,
        ),
      ),
      seal(SW - 260, SH - 260, 140, sealText),
      grainLayer('g', SW, SH),
    ].join(''),
  );
}

function personScene(person: (typeof PEOPLE)[number]): string {
  const style = styleFor(person.category);
  const headline = person.item.replace(/（.*）/, '');
  const portrait = inheritorPortrait({
    name: person.name,
    skillType: person.skillType,
    categoryCode: person.category,
    batchYear: person.batchYear,
  }).replace(/^<svg ([^>]*?) width="\d+" height="\d+"/, '<svg $1 x="1010" y="90" width="720" height="900"');
  return svgDoc(
    SW,
    SH,
    [
      `<defs>${grainFilter('sg')}</defs>`,
      `<rect width="${SW}" height="${SH}" fill="${style.background}"/>`,
      glyph(style.glyph, 80, 260, 620, style.ink, 0.16, 3),
      text(150, 330, person.categoryLabel, `font-family="${SERIF}" font-size="46" letter-spacing="14" fill="${style.ink}" opacity="0.9"`),
      `<rect x="152" y="370" width="100" height="5" fill="${style.accent}"/>`,
      text(140, 560, headline, `font-family="${BRUSH}" font-size="${fitFontSize(headline, 800, 170, 80)}" fill="${style.ink}"`),
      text(
        150,
        680,
        `${person.province} · ${person.batchYear}年认定`,
        `font-family="${SERIF}" font-size="44" letter-spacing="4" fill="${style.ink}" opacity="0.85"`,
      ),
      text(
        150,
        760,
        '国家级非物质文化遗产代表性传承人',
        `font-family="${SERIF}" font-size="40" letter-spacing="4" fill="${style.ink}" opacity="0.75"`,
      ),
      `<rect x="990" y="70" width="760" height="940" fill="${INK.paper}" opacity="0.35"/>`,
      portrait,
      grainLayer('sg', SW, SH),
    ].join(''),
  );
}

const scenes = [
  card('薪火相传', ['口传心授，一代一代', '国家级代表性传承人的故事'], '传承'),
  ...PEOPLE.map(personScene),
  card('六批认定', ['2007 年至 2025 年', '国家级代表性传承人共认定六批'], '非遗'),
];
const SCENE_SECONDS = 3.6;
const FADE_SECONDS = 0.8;
const FPS = 25;

// Captions (WebVTT): what each card of the silent video says, for screen readers and search.
const CAPTIONS = [
  '薪火相传：口传心授，一代一代——国家级代表性传承人的故事',
  ...PEOPLE.map((p) => `${p.name}，${p.categoryLabel}·${p.item}，${p.province}，${p.batchYear}年认定为国家级非物质文化遗产代表性传承人`),
  '六批认定：2007 年至 2025 年，国家级代表性传承人共认定六批',
];
const clock = (seconds: number) => `00:${seconds.toFixed(3).padStart(6, '0')}`;
const step = SCENE_SECONDS - FADE_SECONDS;
if (wanted('captions'))
  writeFileSync(
    join(out, 'story.zh.vtt'),
    `WEBVTT\n\n${CAPTIONS.map((line, i) => `${i + 1}\n${clock(i * step)} --> ${clock(i * step + step + (i === CAPTIONS.length - 1 ? FADE_SECONDS : 0))}\n${line}\n`).join('\n')}`,
  );
if (wanted('story')) {
  const scenePngs = scenes.map((svg, i) => {
    const source = join(work, `scene-${i}.svg`);
    const png = join(work, `scene-${i}.png`);
    writeFileSync(source, svg);
    ffmpeg(['-width', String(SW), '-height', String(SH), '-i', source, '-frames:v', '1', png]);
    return png;
  });
  // Poster: the first portrait scene, the size the video plays at.
  ffmpeg([
    '-i',
    scenePngs[1]!,
    '-vf',
    'scale=960:540:flags=lanczos',
    '-frames:v',
    '1',
    '-c:v',
    'libwebp',
    '-quality',
    '78',
    join(out, 'story-poster-960.webp'),
  ]);

  // Each still gets a slow push-in (rendered at 2× the output so the zoom does not judder), then
  // neighbouring scenes cross-fade.
  const frames = Math.round(SCENE_SECONDS * FPS);
  const inputs = scenePngs.flatMap((png) => ['-loop', '1', '-framerate', String(FPS), '-t', String(SCENE_SECONDS), '-i', png]);
  const zooms = scenePngs.map(
    (_, i) =>
      `[${i}:v]zoompan=z='1+0.05*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=960x540:fps=${FPS},format=yuv420p,setsar=1[z${i}]`,
  );
  const fades: string[] = [];
  let last = 'z0';
  for (let i = 1; i < scenePngs.length; i++) {
    const offset = (i * (SCENE_SECONDS - FADE_SECONDS)).toFixed(2);
    const label = i === scenePngs.length - 1 ? 'v' : `f${i}`;
    fades.push(`[${last}][z${i}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset}[${label}]`);
    last = label;
  }
  const graph = [...zooms, ...fades].join(';');
  const webm = join(out, 'story.webm');
  const mp4 = join(out, 'story.mp4');
  ffmpeg([
    ...inputs,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-an',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '46',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    webm,
  ]);
  ffmpeg([
    ...inputs,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  for (const file of [webm, mp4]) console.log(`${file.slice(root.length + 1)}  ${Math.round(statSync(file).size / 1024)} KB`);
}

// ── Magnifier: a detailed cover at twice the size it is shown. ──
if (wanted('magnifier'))
  webp(
    cultureCover({
      title: '景泰蓝制作技艺',
      categoryCode: 71,
      categoryLabel: '传统技艺',
      province: '北京',
      batchYear: 2006,
      batch: '第一批',
    }),
    'magnifier',
    [800, 1600],
    82,
  );

// ── Carousel: three items whose inheritors the story shows. ──
const SLIDES = [
  { name: 'carousel-1', title: '昆曲', categoryCode: 67, categoryLabel: '传统戏剧', province: null, batchYear: 2006 },
  { name: 'carousel-2', title: '龙泉青瓷烧制技艺', categoryCode: 71, categoryLabel: '传统技艺', province: '浙江', batchYear: 2006 },
  { name: 'carousel-3', title: '剪纸（蔚县剪纸）', categoryCode: 68, categoryLabel: '传统美术', province: '河北', batchYear: 2006 },
] as const;
for (const slide of wanted('carousel') ? SLIDES : []) {
  webp(cultureCover({ ...slide, batch: '第一批' }), slide.name, [800]);
}

rmSync(work, { recursive: true, force: true });

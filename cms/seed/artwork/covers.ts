import { INK, styleFor, type Glyph } from './palette';
import {
  BRUSH,
  SERIF,
  cloud,
  escapeXml,
  fitFontSize,
  glyph,
  grainFilter,
  grainLayer,
  meanderFrame,
  seal,
  splitTitle,
  svgDocument,
} from './primitives';

const text = (x: number, y: number, content: string, attrs: string) => `<text x="${x}" y="${y}" ${attrs}>${escapeXml(content)}</text>`;

const UNESCO_LISTS = ['人类非物质文化遗产代表作名录', '急需保护的非物质文化遗产名录', '优秀保护实践名册'] as const;

/**
 * The cover's listing line: the national entry, or, for an item that is no national item (a UNESCO element
 * spanning several, a safeguarding programme), the UNESCO list its text names last (its current one).
 */
export function coverListing(item: {
  serial?: string | null;
  batchYear: number | null;
  batch: string | null;
  unesco?: string | null;
}): string {
  if (item.serial === null) {
    const text = item.unesco ?? '';
    const list = [...UNESCO_LISTS].sort((a, b) => text.lastIndexOf(b) - text.lastIndexOf(a))[0]!;
    return text.includes(list) ? `联合国教科文组织${list}` : '非物质文化遗产';
  }
  return item.batchYear ? `国家级非物质文化遗产代表性项目 · ${item.batchYear}年${item.batch ?? ''}` : '国家级非物质文化遗产代表性项目';
}

/** Cover of a culture item: its category's colours and glyph, the name in large type, a seal. */
export function cultureCover(input: {
  title: string;
  categoryCode: number | null;
  categoryLabel: string;
  province: string | null;
  batchYear: number | null;
  batch: string | null;
  /** null: the item is no national item, and the cover names its UNESCO list instead. */
  serial?: string | null;
  unesco?: string | null;
}): string {
  const W = 800;
  const H = 500;
  const style = styleFor(input.categoryCode);
  const { main, sub } = splitTitle(input.title);
  const mainSize = fitFontSize(main, 520, 112, 44);
  const label = [input.categoryLabel, input.province].filter(Boolean).join(' · ');
  const listing = coverListing(input);
  const body = [
    `<defs>${grainFilter('g')}<radialGradient id="wash" cx="78%" cy="40%" r="70%"><stop offset="0" stop-color="${style.ink}" stop-opacity="0.14"/><stop offset="1" stop-color="${style.ink}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="${style.background}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#wash)"/>`,
    glyph(style.glyph, 470, 90, 320, style.ink, 0.16, 3.2),
    cloud(70, 360, 1.1, style.ink, 0.1),
    meanderFrame(W, H, 18, style.ink, 0.5),
    text(72, 104, label, `font-family="${SERIF}" font-size="22" letter-spacing="6" fill="${style.ink}" opacity="0.85"`),
    `<rect x="72" y="122" width="56" height="3" fill="${style.accent}"/>`,
    text(68, 150 + mainSize * 0.92, main, `font-family="${BRUSH}" font-size="${mainSize}" fill="${style.ink}"`),
    sub
      ? text(
          74,
          150 + mainSize * 0.92 + 52,
          `（${sub}）`,
          `font-family="${SERIF}" font-size="${fitFontSize(sub, 440, 30, 18)}" fill="${style.ink}" opacity="0.88"`,
        )
      : '',
    text(72, 432, listing, `font-family="${SERIF}" font-size="18" letter-spacing="2" fill="${style.ink}" opacity="0.75"`),
    seal(W - 132, H - 140, 76, style.seal, style.background === INK.cinnabar ? INK.rouge : INK.cinnabar),
    grainLayer('g', W, H),
  ];
  return svgDocument(W, H, input.title, body.join(''));
}

/** Portrait card of an inheritor: a moon window with the surname in brush type; no invented likeness. */
export function inheritorPortrait(input: {
  name: string;
  skillType: string;
  categoryCode: number | null;
  batchYear: number | null;
}): string {
  const W = 600;
  const H = 750;
  const style = styleFor(input.categoryCode);
  const surname = [...input.name][0] ?? '';
  // The moon window needs contrast with the paper card even for the paper-coloured category.
  const disc = style.background === INK.paper ? INK.straw : style.background;
  const body = [
    `<defs>${grainFilter('g')}</defs>`,
    `<rect width="${W}" height="${H}" fill="${INK.paper}"/>`,
    `<circle cx="300" cy="290" r="210" fill="${disc}"/>`,
    `<circle cx="300" cy="290" r="222" fill="none" stroke="${disc}" stroke-width="2" opacity="0.6"/>`,
    glyph(style.glyph, 170, 160, 260, style.ink, 0.18, 3),
    text(300, 290, surname, `font-family="${BRUSH}" font-size="230" fill="${style.ink}" text-anchor="middle" dominant-baseline="central"`),
    text(
      300,
      580,
      input.name,
      `font-family="${SERIF}" font-weight="700" font-size="${fitFontSize(input.name, 360, 64, 40)}" letter-spacing="12" fill="${INK.ink}" text-anchor="middle"`,
    ),
    text(
      300,
      630,
      input.skillType,
      `font-family="${SERIF}" font-size="${fitFontSize(input.skillType, 440, 26, 18)}" fill="${INK.indigo}" text-anchor="middle"`,
    ),
    text(
      300,
      676,
      input.batchYear ? `国家级代表性传承人 · ${input.batchYear}年认定` : '国家级代表性传承人',
      `font-family="${SERIF}" font-size="18" letter-spacing="2" fill="${INK.ink}" opacity="0.7" text-anchor="middle"`,
    ),
    meanderFrame(W, H, 16, INK.ink, 0.35),
    seal(W - 116, 40, 66, '传承'),
    grainLayer('g', W, H),
  ];
  return svgDocument(W, H, `${input.name}（${input.skillType}）`, body.join(''));
}

export type Motif = 'seal' | 'cloud' | 'meander' | 'wave' | 'lattice';

function motifPattern(id: string, motif: Motif, color: string): string {
  const tiles: Record<Motif, { size: number; body: string }> = {
    seal: {
      size: 90,
      body: `<rect x="30" y="30" width="30" height="30" rx="2" fill="none" stroke="${color}" stroke-width="2"/><rect x="36" y="36" width="18" height="18" fill="${color}" opacity="0.5"/>`,
    },
    cloud: { size: 160, body: cloud(10, 30, 0.8, color, 1) },
    meander: { size: 40, body: `<path d="M0 40 V0 H40 V32 H8 V8 H32 V24 H16 V16" fill="none" stroke="${color}" stroke-width="2"/>` },
    wave: {
      size: 60,
      body: `<path d="M0 30 A15 15 0 0 1 30 30 A15 15 0 0 1 60 30 M0 45 A15 15 0 0 1 30 45 A15 15 0 0 1 60 45 M-15 15 A15 15 0 0 1 15 15 A15 15 0 0 1 45 15 A15 15 0 0 1 75 15" fill="none" stroke="${color}" stroke-width="2"/>`,
    },
    lattice: {
      size: 56,
      body: `<path d="M0 28 H56 M28 0 V56 M0 0 L56 56 M56 0 L0 56" fill="none" stroke="${color}" stroke-width="1.6"/><rect x="20" y="20" width="16" height="16" fill="none" stroke="${color}" stroke-width="1.6"/>`,
    },
  };
  const tile = tiles[motif];
  return `<pattern id="${id}" width="${tile.size}" height="${tile.size}" patternUnits="userSpaceOnUse">${tile.body}</pattern>`;
}

const MOTIF_COLOURS: Record<Motif, { background: string; ink: string }> = {
  seal: { background: INK.rice, ink: INK.cinnabar },
  cloud: { background: INK.indigo, ink: INK.paper },
  meander: { background: INK.straw, ink: INK.slate },
  wave: { background: INK.slate, ink: INK.straw },
  lattice: { background: INK.paper, ink: INK.ochre },
};

/** Square product picture: a motif field, a framed label with the product's name. */
export function productCover(input: { name: string; motif: Motif; categoryLabel: string; variant?: number }): string {
  const W = 800;
  const H = 800;
  const colours = MOTIF_COLOURS[input.motif];
  const size = fitFontSize(input.name, 520, 78, 40);
  const body = [
    `<defs>${grainFilter('g')}${motifPattern('m', input.motif, colours.ink)}</defs>`,
    `<rect width="${W}" height="${H}" fill="${colours.background}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#m)" opacity="0.16"/>`,
    `<rect x="110" y="240" width="580" height="320" fill="${INK.paper}" opacity="0.94"/>`,
    meanderFrame(W, H, 24, colours.ink, 0.5),
    `<rect x="110" y="240" width="580" height="320" fill="none" stroke="${colours.ink}" stroke-width="2" opacity="0.6"/>`,
    text(
      400,
      318,
      input.categoryLabel,
      `font-family="${SERIF}" font-size="24" letter-spacing="10" fill="${INK.indigo}" text-anchor="middle"`,
    ),
    text(400, 330 + size + 20, input.name, `font-family="${BRUSH}" font-size="${size}" fill="${INK.ink}" text-anchor="middle"`),
    `<rect x="370" y="${330 + size + 56}" width="60" height="3" fill="${INK.cinnabar}"/>`,
    seal(W - 170, H - 170, 84, '非遗'),
    grainLayer('g', W, H),
  ];
  return svgDocument(W, H, input.name, body.join(''));
}

/** Banner for a public-welfare project, a workshop or a theme page. */
export function bannerCover(input: {
  title: string;
  subtitle: string;
  sealText: string;
  motif: Motif;
  glyph?: Glyph;
  width?: number;
  height?: number;
}): string {
  const W = input.width ?? 800;
  const H = input.height ?? 480;
  const colours = MOTIF_COLOURS[input.motif];
  const size = fitFontSize(input.title, W * 0.62, 84, 40);
  const body = [
    `<defs>${grainFilter('g')}${motifPattern('m', input.motif, colours.ink)}<linearGradient id="ink" x1="0" x2="1"><stop offset="0" stop-color="${colours.background}"/><stop offset="1" stop-color="${colours.ink}" stop-opacity="0.25"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="${colours.background}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#ink)"/>`,
    `<rect x="${W * 0.55}" width="${W * 0.45}" height="${H}" fill="url(#m)" opacity="0.18"/>`,
    input.glyph
      ? glyph(input.glyph, W - H * 0.85, H * 0.12, H * 0.72, colours.ink, 0.2, 3)
      : cloud(W - 360, H * 0.3, 1.6, colours.ink, 0.22),
    meanderFrame(W, H, 18, colours.ink, 0.45),
    text(64, H / 2 - 10, input.title, `font-family="${BRUSH}" font-size="${size}" fill="${colours.ink}"`),
    `<rect x="66" y="${H / 2 + 18}" width="64" height="3" fill="${INK.cinnabar}"/>`,
    text(
      66,
      H / 2 + 64,
      input.subtitle,
      `font-family="${SERIF}" font-size="${fitFontSize(input.subtitle, W * 0.6, 26, 16)}" letter-spacing="2" fill="${colours.ink}" opacity="0.85"`,
    ),
    seal(W - 118, H - 118, 70, input.sealText),
    grainLayer('g', W, H),
  ];
  return svgDocument(W, H, input.title, body.join(''));
}

/** A news picture: the date as a calendar block beside the headline. */
export function newsCover(input: { title: string; date: string }): string {
  const W = 800;
  const H = 450;
  const [year, month, day] = input.date.split('-');
  const size = fitFontSize(input.title, 480, 44, 26);
  const lines = [...input.title].length * size > 480 * 1.0 ? wrap(input.title, Math.floor(480 / size)) : [input.title];
  const body = [
    `<defs>${grainFilter('g')}</defs>`,
    `<rect width="${W}" height="${H}" fill="${INK.rice}"/>`,
    cloud(480, 250, 1.8, INK.indigo, 0.1),
    `<rect x="56" y="96" width="170" height="220" fill="${INK.cinnabar}"/>`,
    text(141, 150, year ?? '', `font-family="${SERIF}" font-size="30" fill="${INK.paper}" text-anchor="middle"`),
    text(
      141,
      250,
      `${Number(month)}·${Number(day)}`,
      `font-family="${SERIF}" font-weight="700" font-size="56" fill="${INK.paper}" text-anchor="middle"`,
    ),
    text(141, 296, '非遗资讯', `font-family="${SERIF}" font-size="20" letter-spacing="4" fill="${INK.paper}" text-anchor="middle"`),
    ...lines.map((line, i) =>
      text(262, 160 + i * (size + 16), line, `font-family="${SERIF}" font-weight="700" font-size="${size}" fill="${INK.ink}"`),
    ),
    meanderFrame(W, H, 18, INK.indigo, 0.4),
    grainLayer('g', W, H),
  ];
  return svgDocument(W, H, input.title, body.join(''));
}

function wrap(textValue: string, perLine: number): string[] {
  const chars = [...textValue];
  const lines: string[] = [];
  for (let i = 0; i < chars.length && lines.length < 3; i += perLine) lines.push(chars.slice(i, i + perLine).join(''));
  return lines;
}

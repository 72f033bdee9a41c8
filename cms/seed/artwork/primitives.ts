import { INK, type Glyph } from './palette';

export const SERIF = "'Noto Serif SC','Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong',serif";
export const BRUSH = "'Ma Shan Zheng','STXingkai','Noto Serif CJK SC','Noto Serif SC',serif";

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Paper grain: a tiny noise at low opacity, as DESIGN.md asks (≤ 4 %). */
export function grainFilter(id: string): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0.17  0 0 0 0 0.15  0 0 0 0 0.12  0 0 0 0.04 0"/></filter>`;
}

export function grainLayer(id: string, width: number, height: number): string {
  return `<rect width="${width}" height="${height}" filter="url(#${id})"/>`;
}

/** A 回纹 (meander) corner: a square spiral drawn with one stroke. */
function meanderCorner(x: number, y: number, size: number, rotate: number, color: string, opacity: number): string {
  const s = size / 5;
  const d = `M0 ${5 * s} V0 H${5 * s} V${4 * s} H${s} V${s} H${4 * s} V${3 * s} H${2 * s} V${2 * s}`;
  return `<path d="${d}" transform="translate(${x} ${y}) rotate(${rotate} ${size / 2} ${size / 2})" fill="none" stroke="${color}" stroke-width="${Math.max(1.2, size / 18)}" stroke-linecap="square" opacity="${opacity}"/>`;
}

/** A double rule frame with meander corners. */
export function meanderFrame(width: number, height: number, inset: number, color: string, opacity = 0.55): string {
  const c = 26;
  const o = inset;
  const inner = inset + 6;
  return [
    `<rect x="${o}" y="${o}" width="${width - 2 * o}" height="${height - 2 * o}" fill="none" stroke="${color}" stroke-width="1.6" opacity="${opacity}"/>`,
    `<rect x="${inner}" y="${inner}" width="${width - 2 * inner}" height="${height - 2 * inner}" fill="none" stroke="${color}" stroke-width="0.8" opacity="${opacity * 0.8}"/>`,
    meanderCorner(inner + 6, inner + 6, c, 0, color, opacity),
    meanderCorner(width - inner - 6 - c, inner + 6, c, 90, color, opacity),
    meanderCorner(width - inner - 6 - c, height - inner - 6 - c, c, 180, color, opacity),
    meanderCorner(inner + 6, height - inner - 6 - c, c, 270, color, opacity),
  ].join('');
}

/** 祥云: an auspicious cloud made of three spirals and a tail, at (x, y) with the given scale. */
export function cloud(x: number, y: number, scale: number, color: string, opacity: number): string {
  const d =
    'M10 60 C10 40 30 30 45 38 C48 20 70 12 84 26 C96 14 120 18 122 38 C138 36 148 50 140 62 ' +
    'M45 38 C52 46 50 58 40 58 C32 58 30 50 36 46 M84 26 C92 36 88 50 76 50 C68 50 66 42 72 38 ' +
    'M122 38 C118 50 108 54 100 50 M10 60 H150 C160 60 166 68 160 74';
  return `<path d="${d}" transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="${3 / scale}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
}

/** A square seal (印章): 1–4 characters in the traditional order (right column first, top to bottom). */
export function seal(x: number, y: number, size: number, text: string, color: string = INK.cinnabar, paper: string = INK.paper): string {
  const chars = [...text].slice(0, 4);
  const pad = size * 0.12;
  const parts = [
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.06}" fill="${color}"/>`,
    `<rect x="${x + pad * 0.45}" y="${y + pad * 0.45}" width="${size - pad * 0.9}" height="${size - pad * 0.9}" rx="${size * 0.03}" fill="none" stroke="${paper}" stroke-width="${size * 0.025}" opacity="0.9"/>`,
  ];
  const text2 = (cx: number, cy: number, ch: string, fs: number) =>
    `<text x="${cx}" y="${cy}" font-family="${SERIF}" font-weight="700" font-size="${fs}" fill="${paper}" text-anchor="middle" dominant-baseline="central">${escapeXml(ch)}</text>`;
  const inner = size - 2 * pad;
  if (chars.length <= 1) {
    parts.push(text2(x + size / 2, y + size / 2, chars[0] ?? '印', inner * 0.78));
  } else if (chars.length === 2) {
    parts.push(text2(x + size / 2, y + pad + inner * 0.25, chars[0]!, inner * 0.46));
    parts.push(text2(x + size / 2, y + pad + inner * 0.75, chars[1]!, inner * 0.46));
  } else {
    // Right column reads first, then the left one.
    const cells = chars.length === 3 ? [chars[0]!, chars[1]!, chars[2]!] : chars;
    const fs = inner * 0.44;
    const rightX = x + pad + inner * 0.75;
    const leftX = x + pad + inner * 0.25;
    parts.push(text2(rightX, y + pad + inner * 0.25, cells[0]!, fs));
    parts.push(text2(rightX, y + pad + inner * 0.75, cells[1]!, fs));
    if (cells.length === 3) parts.push(text2(leftX, y + size / 2, cells[2]!, fs * 1.2));
    else {
      parts.push(text2(leftX, y + pad + inner * 0.25, cells[2]!, fs));
      parts.push(text2(leftX, y + pad + inner * 0.75, cells[3]!, fs));
    }
  }
  return `<g>${parts.join('')}</g>`;
}

/** Simple line drawings of each category's emblem, in a 200×200 box. */
const GLYPHS: Record<Glyph, string> = {
  scroll:
    '<path d="M30 40 H150 A20 20 0 0 1 150 80 H50 A20 20 0 0 0 50 120 H170 A20 20 0 0 1 170 160 H50"/><path d="M70 58 H140 M70 100 H150 M70 140 H150"/>',
  mask: '<path d="M40 40 C70 20 130 20 160 40 C170 90 150 150 100 175 C50 150 30 90 40 40 Z"/><path d="M60 80 C70 70 85 70 92 82 C82 90 68 90 60 80 Z M140 80 C130 70 115 70 108 82 C118 90 132 90 140 80 Z"/><path d="M100 60 V120 M80 140 C92 150 108 150 120 140 M60 50 C80 40 90 48 100 56 C110 48 120 40 140 50"/>',
  papercut:
    '<g>' +
    Array.from(
      { length: 8 },
      (_, i) => `<path d="M100 100 C88 72 90 44 100 26 C110 44 112 72 100 100 Z" transform="rotate(${i * 45} 100 100)"/>`,
    ).join('') +
    '<circle cx="100" cy="100" r="16"/><circle cx="100" cy="100" r="70"/></g>',
  bowls:
    '<path d="M55 150 H145 M70 150 C70 128 130 128 130 150 M62 122 H138 M74 122 C74 102 126 102 126 122 M68 96 H132 M80 96 C80 78 120 78 120 96"/><path d="M100 78 V40 M84 40 H116"/><circle cx="100" cy="30" r="8"/>',
  fan:
    '<path d="M100 170 L30 80 A95 95 0 0 1 170 80 Z"/>' +
    Array.from({ length: 7 }, (_, i) => `<path d="M100 170 L${30 + i * 23.3} ${80 - Math.sin((i / 6) * Math.PI) * 32}"/>`).join(''),
  vase: '<path d="M80 30 H120 M84 30 C84 50 92 56 92 64 C60 80 50 110 60 140 C68 162 84 172 100 172 C116 172 132 162 140 140 C150 110 140 80 108 64 C108 56 116 50 116 30"/><path d="M64 110 C88 100 112 120 136 110"/>',
  qin:
    '<path d="M20 80 C60 70 140 70 180 82 L176 122 C140 130 60 130 24 120 Z"/><path d="M30 90 H170 M30 98 H170 M30 106 H170 M30 114 H170"/>' +
    [50, 72, 94, 116, 138, 160].map((x) => `<circle cx="${x}" cy="76" r="2.5"/>`).join(''),
  lantern:
    '<path d="M100 20 V40 M76 40 H124 M76 160 H124 M100 160 V184 M92 184 H108"/><path d="M76 40 C40 60 40 140 76 160 M124 40 C160 60 160 140 124 160 M100 40 V160 M88 40 C72 80 72 120 88 160 M112 40 C128 80 128 120 112 160"/>',
  gourd:
    '<path d="M100 22 V36 M100 36 C82 36 76 52 82 66 C88 78 70 84 62 100 C48 130 64 172 100 172 C136 172 152 130 138 100 C130 84 112 78 118 66 C124 52 118 36 100 36 Z"/><path d="M86 76 H114 M100 22 C112 14 126 16 132 26"/>',
  ribbon:
    '<path d="M20 120 C50 60 80 60 100 100 C120 140 150 140 180 80"/><path d="M20 140 C50 80 80 80 100 120 C120 160 150 160 180 100"/><path d="M40 60 C70 30 110 40 120 70"/>',
};

export function glyph(kind: Glyph, x: number, y: number, size: number, color: string, opacity: number, strokeWidth = 3): string {
  const scale = size / 200;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="${strokeWidth / scale}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${GLYPHS[kind]}</g>`;
}

/** Splits an official item name such as "剪纸（蔚县剪纸）" into its main name and the parenthesised part. */
export function splitTitle(title: string): { main: string; sub: string } {
  const match = /^(.*?)[（(](.+)[）)]\s*$/.exec(title);
  return match ? { main: match[1]!.trim(), sub: match[2]!.trim() } : { main: title, sub: '' };
}

/** A font size that fits `text` into `width` (CJK glyphs are about 1 em wide), within [min, max]. */
export function fitFontSize(text: string, width: number, max: number, min: number): number {
  const length = Math.max(1, [...text].length);
  return Math.max(min, Math.min(max, Math.floor(width / length)));
}

export function svgDocument(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`;
}

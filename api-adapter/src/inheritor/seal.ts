/**
 * The picture of a national inheritor without a portrait: a vermilion name seal (印), never a made-up face.
 * A seal reads in columns from the right: two characters take 之印, three take 印, four fill the square;
 * longer names (transliterated names with ·) run in one column in smaller type.
 */

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The seal's characters in reading order, and how many columns they fill. */
export function sealLayout(name: string): { chars: string[]; columns: number } {
  const chars = [...name.replace(/\s+/g, '')];
  if (chars.length === 2) return { chars: [...chars, '之', '印'], columns: 2 };
  if (chars.length === 3) return { chars: [...chars, '印'], columns: 2 };
  if (chars.length === 4) return { chars, columns: 2 };
  return { chars: chars.length === 0 ? ['印'] : chars, columns: 1 };
}

export function sealSvg(name: string): string {
  const size = 240;
  const inner = 176;
  const { chars, columns } = sealLayout(name);
  const rows = Math.ceil(chars.length / columns);
  const cell = inner / Math.max(rows, columns);
  const font = Math.floor(cell * 0.92);
  const left = (size - cell * columns) / 2;
  const top = (size - cell * rows) / 2;
  const glyphs = chars
    .map((char, i) => {
      const column = columns - 1 - Math.floor(i / rows);
      const row = i % rows;
      const x = left + column * cell + cell / 2;
      const y = top + row * cell + cell / 2;
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${font}">${escapeXml(char)}</text>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img">`,
    `<title>${escapeXml(name)}（名章，本站生成，并非肖像）</title>`,
    `<rect width="${size}" height="${size}" fill="#f6efe3"/>`,
    `<rect x="20" y="20" width="200" height="200" rx="14" fill="#b8322a"/>`,
    `<rect x="30" y="30" width="180" height="180" rx="8" fill="none" stroke="#f6efe3" stroke-width="3"/>`,
    `<g fill="#f6efe3" font-family="'Noto Serif SC','Noto Serif CJK SC','Songti SC',serif" font-weight="700" text-anchor="middle" dominant-baseline="central">${glyphs}</g>`,
    '</svg>',
  ].join('');
}

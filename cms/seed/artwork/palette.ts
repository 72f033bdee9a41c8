/** Colours from DESIGN.md; each category gets its own pairing and glyph so composed lists look designed. */
export const INK = {
  paper: '#F7F3E9',
  rice: '#EFE7D6',
  straw: '#E2D5B8',
  ink: '#2B2B2B',
  cinnabar: '#B8312F',
  indigo: '#3D5A6C',
  gamboge: '#C99A2E',
  slate: '#2E3A40',
  pine: '#3C7A5B',
  ochre: '#A0622D',
  rouge: '#9D2933',
} as const;

export type Glyph = 'scroll' | 'mask' | 'papercut' | 'bowls' | 'fan' | 'vase' | 'qin' | 'lantern' | 'gourd' | 'ribbon';

export interface CategoryStyle {
  background: string;
  ink: string;
  accent: string;
  glyph: Glyph;
  /** Short name stamped in the seal. */
  seal: string;
}

export const CATEGORY_STYLES: Record<number, CategoryStyle> = {
  66: { background: INK.rice, ink: INK.indigo, accent: INK.cinnabar, glyph: 'scroll', seal: '文学' },
  67: { background: INK.rouge, ink: INK.paper, accent: INK.gamboge, glyph: 'mask', seal: '戏剧' },
  68: { background: INK.paper, ink: INK.ink, accent: INK.cinnabar, glyph: 'papercut', seal: '美术' },
  69: { background: INK.indigo, ink: INK.rice, accent: INK.gamboge, glyph: 'bowls', seal: '杂技' },
  70: { background: INK.straw, ink: INK.slate, accent: INK.cinnabar, glyph: 'fan', seal: '曲艺' },
  71: { background: INK.slate, ink: INK.straw, accent: INK.gamboge, glyph: 'vase', seal: '技艺' },
  72: { background: INK.rice, ink: INK.pine, accent: INK.cinnabar, glyph: 'qin', seal: '音乐' },
  73: { background: INK.cinnabar, ink: INK.paper, accent: INK.gamboge, glyph: 'lantern', seal: '民俗' },
  74: { background: '#E8E0CC', ink: INK.pine, accent: INK.cinnabar, glyph: 'gourd', seal: '医药' },
  75: { background: INK.ochre, ink: INK.paper, accent: INK.gamboge, glyph: 'ribbon', seal: '舞蹈' },
};

export const DEFAULT_STYLE: CategoryStyle = CATEGORY_STYLES[66]!;

export function styleFor(categoryCode: number | null | undefined): CategoryStyle {
  return (categoryCode !== null && categoryCode !== undefined && CATEGORY_STYLES[categoryCode]) || DEFAULT_STYLE;
}

/**
 * The map's look and behaviour as pure data (no echarts here, so it is unit-tested and never weighs on a page):
 * the palette of DESIGN.md, each province's fill, the tooltip's text, and what a click or a tap does.
 */
import type { MapProvince } from './provinces.ts';

/** DESIGN.md: 宣纸 tones for the land, 朱砂 for the highlighted provinces, 黛青 for the sea, thin 缃色 borders. */
export const PALETTE = {
  paper: '#F7F3E9',
  rice: '#EFE7D6',
  xiang: '#E2D5B8',
  /** The borders: 缃色, deepened so a line between two provinces of the same tone stays visible. */
  border: '#C4AE82',
  cinnabar: '#B8312F',
  /** Hover: 藤黄 on the land, 胭脂 on a highlighted province. */
  hover: '#C99A2E',
  hoverHighlighted: '#9D2933',
  ink: '#2B2B2B',
  sea: '#3D5A6C',
} as const;

/** The 南海诸岛 inset echarts adds to the map named 'china': part of the map, not a province (no page, no figures). */
export const NANHAI = '南海诸岛';
/** The map's message when its data cannot load. */
export const MAP_FAILED = '加载地图数据失败';
export const MAP_NAME = 'china';

/**
 * The land's tone: highlighted provinces in 朱砂; the others in three 宣纸 tones, deeper with more national items
 * (below a third of the largest such count, below two thirds, above).
 */
export function fillOf(row: Pick<MapProvince, 'items' | 'highlighted'>, maxOthers: number): string {
  if (row.highlighted) return PALETTE.cinnabar;
  if (maxOthers <= 0 || row.items <= maxOthers / 3) return PALETTE.paper;
  return row.items <= (maxOthers * 2) / 3 ? PALETTE.rice : PALETTE.xiang;
}

export interface RegionDatum {
  name: string;
  value: number;
  itemStyle: { areaColor: string };
  label: { show: boolean; textBorderColor: string; textBorderWidth: number };
  emphasis: { itemStyle: { areaColor: string }; label: { color: string; textBorderColor: string; textBorderWidth: number } };
}

const labelEdge = (highlighted: boolean) => ({ textBorderColor: PALETTE.hoverHighlighted, textBorderWidth: highlighted ? 2 : 0 });

/** One datum per province (34), in the rows' order; the highlighted ones carry their name on the map. */
export function regionData(rows: readonly MapProvince[]): RegionDatum[] {
  const maxOthers = Math.max(0, ...rows.filter((r) => !r.highlighted).map((r) => r.items));
  return rows.map((row) => ({
    name: row.name,
    value: row.items,
    itemStyle: { areaColor: fillOf(row, maxOthers) },
    // A name wider than its province runs over its neighbours' paper (广东 over 广西 on a phone): paper letters keep
    // a 胭脂 edge that reads on any fill.
    label: { show: row.highlighted, ...labelEdge(row.highlighted) },
    emphasis: {
      itemStyle: { areaColor: row.highlighted ? PALETTE.hoverHighlighted : PALETTE.hover },
      // The name stays readable on the hover colour: paper on 胭脂, ink on 藤黄.
      label: { color: row.highlighted ? PALETTE.paper : PALETTE.ink, ...labelEdge(row.highlighted) },
    },
  }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The tooltip of a province: its national items and inheritors and, for a highlighted one, up to three
 * representative items; how to open its page. HTML with classes only (the page's CSP allows no inline styles).
 */
/** What a tooltip needs of a province (what the page hands the map's script). */
export type MapTip = Pick<MapProvince, 'name' | 'items' | 'inheritors' | 'href'> & { representative: readonly { title: string }[] };

export function tooltipHtml(row: MapTip | undefined, name: string, touch: boolean): string {
  if (!row) return `<div class="china-map-tip"><strong>${escapeHtml(name)}</strong></div>`;
  const lines = [
    `<strong class="china-map-tip-name">${escapeHtml(row.name)}</strong>`,
    `<span>国家级代表性项目 ${row.items} 项</span>`,
    `<span>国家级代表性传承人 ${row.inheritors} 人</span>`,
  ];
  if (row.representative.length > 0) {
    lines.push(`<span>代表性项目：${row.representative.map((item) => escapeHtml(item.title)).join('、')}</span>`);
  }
  lines.push(`<span class="china-map-tip-hint">${touch ? '再次轻点进入省份页面' : '点击进入省份页面'}</span>`);
  return `<div class="china-map-tip">${lines.join('')}</div>`;
}

/**
 * What a click on the map does. A mouse click opens the province's page at once. On a touch screen there is no
 * hover: the first tap on a province shows its tooltip (and arms it), a second tap on the same province opens it.
 * A click outside the provinces (the sea, the 南海诸岛 inset) disarms.
 */
export function clickAction(
  armed: string | undefined,
  name: string | undefined,
  touch: boolean,
  known: (name: string) => boolean,
): { open: boolean; armed: string | undefined } {
  if (!name || !known(name)) return { open: false, armed: undefined };
  if (!touch || armed === name) return { open: true, armed: undefined };
  return { open: false, armed: name };
}

/** The map's description for screen readers: what it shows, and where the same facts are as text. */
export function mapLabel(rows: readonly MapProvince[]): string {
  const highlighted = rows.filter((r) => r.highlighted).map((r) => r.name);
  return `中国地图，含 ${rows.length} 个省级行政区（含台湾、香港、澳门）与南海诸岛。朱砂色为国家级代表性项目最多的 ${highlighted.length} 个省份：${highlighted.join('、')}。各省数字与链接见省份列表。`;
}

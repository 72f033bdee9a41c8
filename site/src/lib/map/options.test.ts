import { describe, expect, it } from 'vitest';
import { areaHref, MAP_UNITS, type MapProvince } from './provinces.ts';
import { clickAction, fillOf, mapLabel, PALETTE, regionData, tooltipHtml } from './options.ts';

function province(name: string, items: number, highlighted = false, representative: MapProvince['representative'] = []): MapProvince {
  return { name, items, entries: items, inheritors: items * 2, highlighted, representative, href: areaHref(name) };
}

describe('fillOf', () => {
  it('paints the highlighted provinces in 朱砂', () => {
    expect(fillOf({ items: 3, highlighted: true }, 90)).toBe(PALETTE.cinnabar);
  });
  it('deepens the 宣纸 tone by thirds of the largest other count', () => {
    expect(fillOf({ items: 0, highlighted: false }, 90)).toBe(PALETTE.paper);
    expect(fillOf({ items: 30, highlighted: false }, 90)).toBe(PALETTE.paper);
    expect(fillOf({ items: 31, highlighted: false }, 90)).toBe(PALETTE.rice);
    expect(fillOf({ items: 60, highlighted: false }, 90)).toBe(PALETTE.rice);
    expect(fillOf({ items: 61, highlighted: false }, 90)).toBe(PALETTE.xiang);
    expect(fillOf({ items: 0, highlighted: false }, 0)).toBe(PALETTE.paper);
  });
});

describe('regionData', () => {
  const rows = MAP_UNITS.map((name, i) => province(name, i, i >= 24));
  const data = regionData(rows);

  it('has one datum per province-level unit, 台湾 香港 澳门 included', () => {
    expect(data.map((d) => d.name)).toEqual([...MAP_UNITS]);
    expect(data.map((d) => d.name)).toEqual(expect.arrayContaining(['台湾', '香港', '澳门']));
  });
  it('names the highlighted provinces on the map and colours them', () => {
    const shown = data.filter((d) => d.label.show);
    expect(shown).toHaveLength(10);
    expect(shown.every((d) => d.itemStyle.areaColor === PALETTE.cinnabar)).toBe(true);
    expect(data.find((d) => d.name === '北京')!.itemStyle.areaColor).toBe(PALETTE.paper);
    expect(data.find((d) => d.name === '四川')!.value).toBe(MAP_UNITS.indexOf('四川'));
  });
  it('keeps a hovered name readable: paper on 胭脂, ink on 藤黄', () => {
    const xinjiang = data.find((d) => d.name === '新疆')!;
    expect(xinjiang.emphasis).toEqual({
      itemStyle: { areaColor: PALETTE.hoverHighlighted },
      label: { color: PALETTE.paper, textBorderColor: PALETTE.hoverHighlighted, textBorderWidth: 2 },
    });
    expect(data.find((d) => d.name === '北京')!.emphasis).toEqual({
      itemStyle: { areaColor: PALETTE.hover },
      label: { color: PALETTE.ink, textBorderColor: PALETTE.hoverHighlighted, textBorderWidth: 0 },
    });
  });
  it('edges a shown name in 胭脂 so that it reads where it runs over a neighbour', () => {
    expect(data.find((d) => d.name === '新疆')!.label).toEqual({
      show: true,
      textBorderColor: PALETTE.hoverHighlighted,
      textBorderWidth: 2,
    });
    expect(data.find((d) => d.name === '北京')!.label.textBorderWidth).toBe(0);
  });
});

describe('tooltipHtml', () => {
  const sichuan = province('四川', 153, true, [
    { id: 3, title: '川剧' },
    { id: 9, title: '蜀锦<织造>技艺' },
  ]);

  it('gives the national figures, the representative items and how to open the page', () => {
    const html = tooltipHtml(sichuan, '四川', false);
    expect(html).toContain('四川');
    expect(html).toContain('国家级代表性项目 153 项');
    expect(html).toContain('国家级代表性传承人 306 人');
    expect(html).toContain('代表性项目：川剧、蜀锦&lt;织造&gt;技艺');
    expect(html).toContain('点击进入省份页面');
    expect(html).not.toContain('style=');
  });
  it('tells a touch visitor to tap again', () => {
    expect(tooltipHtml(sichuan, '四川', true)).toContain('再次轻点进入省份页面');
  });
  it('names the 南海诸岛 inset without figures', () => {
    expect(tooltipHtml(undefined, '南海诸岛', false)).toBe('<div class="china-map-tip"><strong>南海诸岛</strong></div>');
  });
});

describe('clickAction', () => {
  const known = (name: string) => (MAP_UNITS as readonly string[]).includes(name);

  it('opens the province at once on a mouse click', () => {
    expect(clickAction(undefined, '浙江', false, known)).toEqual({ open: true, armed: undefined });
  });
  it('shows the tooltip on the first tap and opens on a second tap of the same province', () => {
    const first = clickAction(undefined, '浙江', true, known);
    expect(first).toEqual({ open: false, armed: '浙江' });
    expect(clickAction(first.armed, '江苏', true, known)).toEqual({ open: false, armed: '江苏' });
    expect(clickAction(first.armed, '浙江', true, known)).toEqual({ open: true, armed: undefined });
  });
  it('never opens the 南海诸岛 inset or the sea', () => {
    expect(clickAction('浙江', '南海诸岛', false, known)).toEqual({ open: false, armed: undefined });
    expect(clickAction('浙江', undefined, true, known)).toEqual({ open: false, armed: undefined });
  });
});

describe('mapLabel', () => {
  it('describes the whole map and the highlighted provinces', () => {
    const label = mapLabel([province('浙江', 99, true), province('台湾', 0), province('香港', 2), province('澳门', 1)]);
    expect(label).toContain('含台湾、香港、澳门');
    expect(label).toContain('南海诸岛');
    expect(label).toContain('浙江');
  });
});

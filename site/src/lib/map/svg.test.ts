import { describe, expect, it } from 'vitest';
import { areaHref, MAP_UNITS, type MapProvince } from './provinces.ts';
import { chinaMapSvg } from './svg.ts';

const rows: MapProvince[] = MAP_UNITS.map((name, i) => ({
  name,
  items: i,
  entries: i,
  inheritors: i * 2,
  highlighted: i >= 24,
  representative: [],
  href: areaHref(name),
}));

describe('chinaMapSvg', () => {
  const svg = chinaMapSvg(rows);

  it('draws every one of the 34 units as a named path, the 10 highlighted ones marked and named on the map', () => {
    const provinces = [...svg.matchAll(/<path[^>]* data-province="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(provinces)).toEqual(new Set(MAP_UNITS));
    const highlighted = [...svg.matchAll(/<path[^>]* data-province="([^"]+)" data-highlighted=""/g)].map((m) => m[1]);
    expect(new Set(highlighted)).toEqual(new Set(MAP_UNITS.slice(24)));
    const labels = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(new Set(labels)).toEqual(new Set(MAP_UNITS.slice(24)));
  });

  it('includes the 南海诸岛 inset beside the provinces', () => {
    const paths = svg.match(/<path /g) ?? [];
    expect(paths.length).toBeGreaterThan(34);
  });

  it('is an image for screen readers, scales to its stage, and carries no inline style or echarts metadata', () => {
    expect(svg).toMatch(/^<svg class="china-map-svg" role="img" aria-label="中国地图，含 34 个省级行政区/);
    expect(svg).toContain('viewBox="0 0 800 600"');
    expect(svg).not.toMatch(/ style="/);
    expect(svg).not.toContain('<style');
    expect(svg).not.toContain('ecmeta_');
    expect(svg).not.toMatch(/ class="zr/);
    expect(svg).not.toMatch(/^<svg[^>]* width=/);
  });
});

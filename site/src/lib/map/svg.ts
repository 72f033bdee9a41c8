/**
 * The map of China drawn once, at build time, as SVG (echarts' server-side rendering): the page shows the whole map
 * in its HTML, with or without JavaScript, and no visitor downloads or runs echarts for it. islands/map/interaction.ts
 * adds the tooltip and the clicks. The boundary data is registered as 'china', so echarts adds the 南海诸岛 inset.
 */
import { MapChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import geoJson from 'echarts-map-data/map/json/china.json';
import { MAP_NAME, PALETTE, mapLabel, regionData } from './options.ts';
import type { MapProvince } from './provinces.ts';

echarts.use([MapChart, SVGRenderer]);

/** The drawing's own size: its viewBox. The page scales it to the stage (the sea fills what the land leaves). */
export const MAP_VIEWBOX = { width: 800, height: 600 } as const;
/** The provinces' names on the map, in the drawing's units (the page scales labels back up on small screens). */
const LABEL_SIZE = 12;

type GeoJson = Parameters<typeof echarts.registerMap>[1];

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The SVG markup of the map for these rows (the 34 units, lib/map/provinces.ts): every province a path with
 * data-province (and data-highlighted for the 10), the highlighted ones named by a text; no style attributes (the
 * pages' content security policy allows none: the stylesheet sets the labels' font).
 */
export function chinaMapSvg(rows: readonly MapProvince[]): string {
  if (!echarts.getMap(MAP_NAME)) echarts.registerMap(MAP_NAME, geoJson as unknown as GeoJson);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: MAP_VIEWBOX.width, height: MAP_VIEWBOX.height });
  try {
    chart.setOption({
      animation: false,
      series: [
        {
          type: 'map',
          map: MAP_NAME,
          top: '4%',
          bottom: '4%',
          left: '4%',
          right: '4%',
          roam: false,
          selectedMode: false,
          itemStyle: { areaColor: PALETTE.paper, borderColor: PALETTE.border, borderWidth: 0.6 },
          label: { show: false, color: PALETTE.paper, fontSize: LABEL_SIZE, fontWeight: 600 },
          data: regionData(rows),
        },
      ],
    });
    const raw = chart.renderToSVGString({ useViewBox: true });
    return annotate(raw, rows);
  } finally {
    chart.dispose();
  }
}

/** echarts' markup made the page's: provinces named instead of indexed, labels without inline style, an image role. */
function annotate(svg: string, rows: readonly MapProvince[]): string {
  return (
    svg
      // The root: sized by the stylesheet, described for screen readers (the list beside it has the same facts).
      .replace(
        /^<svg width="\d+" height="\d+"/,
        `<svg class="china-map-svg" role="img" aria-label="${escapeAttribute(mapLabel(rows))}" focusable="false" preserveAspectRatio="xMidYMid meet"`,
      )
      // Each datum's path: echarts marks it with its index in the data (the rows' order).
      .replace(/ ecmeta_series_index="0" ecmeta_data_index="(\d+)" ecmeta_ssr_type="chart"/g, (_match, index: string) => {
        const row = rows[Number(index)];
        if (!row) return '';
        return ` data-province="${escapeAttribute(row.name)}"${row.highlighted ? ' data-highlighted=""' : ''}`;
      })
      .replace(/ ecmeta_[a-z_]+="[^"]*"/g, '')
      // echarts' own hover styles and the classes they select (the page's stylesheet does hover; the content security
      // policy would refuse an inline <style> anyway).
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/ class="zr\d+-cls-\d+"/g, '')
      .replace(/ style="[^"]*"/g, '')
  );
}

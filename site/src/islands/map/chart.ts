/**
 * The echarts map, loaded by ChinaMap only when the map comes near the viewport: echarts' core with just the map
 * chart, the tooltip and the SVG renderer (crisp at any size, and its DOM needs no inline style attributes, which
 * the page's CSP forbids). The boundary data is registered as 'china', so echarts adds the 南海诸岛 inset.
 */
import { MapChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { MapProvince } from '../../lib/map/provinces.ts';
import { clickAction, MAP_NAME, PALETTE, regionData, tooltipHtml } from './options.ts';

echarts.use([MapChart, TooltipComponent, SVGRenderer]);

export interface DrawOptions {
  reducedMotion: boolean;
  /** A device whose main pointer is a finger: the tooltip's hint says 'tap again'. */
  coarse: boolean;
  open: (href: string) => void;
}

export interface DrawnMap {
  resize: () => void;
  dispose: () => void;
}

type GeoJson = Parameters<typeof echarts.registerMap>[1];

export function drawChinaMap(host: HTMLElement, geoJson: unknown, rows: readonly MapProvince[], options: DrawOptions): DrawnMap {
  if (!echarts.getMap(MAP_NAME)) echarts.registerMap(MAP_NAME, geoJson as GeoJson);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const chart = echarts.init(host, null, { renderer: 'svg' });

  chart.setOption({
    animation: !options.reducedMotion,
    tooltip: {
      trigger: 'item',
      triggerOn: 'mousemove|click',
      confine: true,
      className: 'china-map-tooltip',
      backgroundColor: PALETTE.paper,
      borderColor: PALETTE.xiang,
      borderWidth: 1,
      padding: [8, 12],
      textStyle: { color: PALETTE.ink, fontSize: 13 },
      transitionDuration: options.reducedMotion ? 0 : 0.2,
      formatter: (params: unknown) => {
        const name = (params as { name?: string }).name ?? '';
        return tooltipHtml(byName.get(name), name, options.coarse);
      },
    },
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
        label: { show: false, color: PALETTE.paper, fontSize: 11, fontWeight: 600 },
        emphasis: { label: { show: true, color: PALETTE.ink }, itemStyle: { borderColor: PALETTE.ink, borderWidth: 0.8 } },
        data: regionData(rows),
      },
    ],
  });

  // Whether the click comes from a finger: the pointerdown that started it says so (the click event may not).
  let pointer = 'mouse';
  const onPointerDown = (event: PointerEvent) => (pointer = event.pointerType);
  host.addEventListener('pointerdown', onPointerDown, { capture: true, passive: true });

  let armed: string | undefined;
  chart.on('click', (params) => {
    const touch = pointer === 'touch' || pointer === 'pen';
    const next = clickAction(armed, params.name, touch, (name) => byName.has(name));
    armed = next.armed;
    if (next.open) options.open(byName.get(params.name)!.href);
  });
  // A click on the sea disarms a province tapped once.
  chart.getZr().on('click', (event) => {
    if (!event.target) armed = undefined;
  });

  return {
    resize: () => chart.resize(),
    dispose: () => {
      host.removeEventListener('pointerdown', onPointerDown, { capture: true });
      chart.dispose();
    },
  };
}

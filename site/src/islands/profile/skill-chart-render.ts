/**
 * The interest chart itself: an echarts polar-area chart (a bar series on polar coordinates, one sector per skill
 * category, its length the score), imported modularly: core, the bar chart, the polar and tooltip components and
 * the canvas renderer only. SkillChart loads this module when the chart comes near the viewport, so echarts never
 * weighs on the first paint.
 */
import { BarChart } from 'echarts/charts';
import { PolarComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { SkillScore } from '../../lib/profile/skills.ts';

use([BarChart, PolarComponent, TooltipComponent, CanvasRenderer]);

/** The palette of DESIGN.md and three ink blends, one per category in order (66–75). */
const COLOURS = ['#3D5A6C', '#9D2933', '#2B2B2B', '#5E7F6B', '#A0622D', '#2E3A40', '#3C7A5B', '#B8312F', '#8A7A4E', '#C99A2E'];
const INK = '#2B2B2B';
const LINE = '#E2D5B8';
const FONT = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

function option(scores: readonly SkillScore[], animate: boolean) {
  return {
    animation: animate,
    animationDuration: 400,
    textStyle: { fontFamily: FONT },
    tooltip: { trigger: 'item' as const, formatter: '{b}：{c}' },
    polar: { radius: ['6%', '68%'], center: ['50%', '50%'] },
    angleAxis: {
      type: 'category' as const,
      data: scores.map((s) => s.name),
      startAngle: 90,
      axisLine: { lineStyle: { color: LINE } },
      axisTick: { show: false },
      axisLabel: { color: INK, fontSize: 12, interval: 0 },
      splitLine: { show: true, lineStyle: { color: LINE } },
    },
    radiusAxis: {
      type: 'value' as const,
      min: 0,
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { show: false },
      splitLine: { lineStyle: { color: LINE, type: 'dashed' as const } },
    },
    series: [
      {
        type: 'bar' as const,
        coordinateSystem: 'polar' as const,
        barCategoryGap: '6%',
        data: scores.map((score, i) => ({ name: score.name, value: score.value, itemStyle: { color: COLOURS[i % COLOURS.length] } })),
      },
    ],
  };
}

export interface PolarAreaChart {
  update: (scores: readonly SkillScore[]) => void;
  dispose: () => void;
}

export function renderPolarArea(element: HTMLElement, scores: readonly SkillScore[], animate: boolean): PolarAreaChart {
  const chart = init(element, undefined, { renderer: 'canvas' });
  chart.setOption(option(scores, animate));
  const resize = new ResizeObserver(() => chart.resize());
  resize.observe(element);
  return {
    update: (next) => chart.setOption(option(next, animate)),
    dispose: () => {
      resize.disconnect();
      chart.dispose();
    },
  };
}

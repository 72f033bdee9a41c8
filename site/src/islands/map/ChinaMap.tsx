import { useEffect, useRef, useState } from 'react';
import type { MapProvince } from '../../lib/map/provinces.ts';
import { mapLabel } from './options.ts';
import './china-map.css';

/** Spec part 1 §8. */
export const MAP_FAILED = '加载地图数据失败';

interface Props {
  /** The 34 provinces with their national figures (lib/map/provinces.ts), read when the page was built. */
  provinces: MapProvince[];
}

type State = 'loading' | 'ready' | 'failed';

/**
 * The map of China (part 1 §2, issue 15): all 34 province-level units and the 南海诸岛 inset, the 10 highlighted
 * provinces in 朱砂, a tooltip per province, and a click to /area?province={simplified name}. The island is hydrated
 * only near the viewport (client:visible); echarts and the boundary data are fetched then, never on first paint.
 * Keyboard and screen-reader visitors use the province list the page puts beside it; the map itself is one
 * labelled image.
 */
export default function ChinaMap({ provinces }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let drawn: { resize: () => void; dispose: () => void } | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    setState('loading');
    Promise.all([import('./chart.ts'), import('echarts-map-data/map/json/china.json')])
      .then(([chart, geo]) => {
        if (cancelled) return;
        // echarts 6.1 throws "Cannot read properties of null (reading '0')" when it lays a map out in a box with no
        // area (the view transform cannot be inverted; apache/echarts#21706). The box has none for a frame when the
        // viewport changes under its svh height (a full-page screenshot does that) or while it is hidden. So the map
        // is drawn at the first size the observer reports (it reports one on observing) and resized only to sizes
        // with an area, keeping its last drawing meanwhile.
        observer = new ResizeObserver(([entry]) => {
          if (!entry || entry.contentRect.width < 1 || entry.contentRect.height < 1) return;
          if (drawn) {
            drawn.resize();
            return;
          }
          try {
            drawn = chart.drawChinaMap(element, geo.default, provinces, {
              reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
              coarse: window.matchMedia('(pointer: coarse)').matches,
              open: (href) => window.location.assign(href),
            });
            setState('ready');
          } catch (error) {
            observer?.disconnect();
            console.warn(MAP_FAILED, error);
            setState('failed');
          }
        });
        observer.observe(element);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.warn(MAP_FAILED, error);
        setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      drawn?.dispose();
    };
  }, [provinces, attempt]);

  return (
    <div className="china-map" data-state={state}>
      <div ref={host} className="china-map-canvas" role="img" aria-label={mapLabel(provinces)} />
      {state === 'loading' && <div className="china-map-skeleton skeleton" aria-hidden="true" />}
      {state === 'failed' && (
        <div role="alert" className="china-map-failed">
          <p>{MAP_FAILED}</p>
          <button type="button" className="btn btn-sm" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      )}
    </div>
  );
}

import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { favouriteQueries } from '../../lib/api/favourite.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { historyQueries } from '../../lib/api/history.ts';
import { readLocalHistory } from '../../lib/api/history-store.ts';
import { inheritorQueries } from '../../lib/api/inheritor.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { FOLLOW_FETCH_SIZE } from '../../lib/profile/lists.ts';
import { type SkillCategory, type SkillLookup, inheritorsToLookUp, leadingSkills, skillScores } from '../../lib/profile/skills.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import type { PolarAreaChart } from './skill-chart-render.ts';

/** The newest 50 favourites and visits are what the chart reads (the API's largest page). */
const SAMPLE_SIZE = 50;

interface Props {
  categories: readonly SkillCategory[];
  lookup: Pick<SkillLookup, 'cultures' | 'heritage'>;
}

/** Whether the element has come within 200 px of the viewport (once it has, it stays true). */
function useNearViewport(element: React.RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}

/**
 * The polar-area chart over the 10 skill categories, computed from the visitor's follows, favourites
 * and browse history. Its data and echarts load only when it comes near the viewport; a table says the same for
 * screen readers.
 */
export default function SkillChart({ categories, lookup }: Props) {
  const frame = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const chart = useRef<PolarAreaChart | undefined>(undefined);
  const near = useNearViewport(frame);
  const [drawFailed, setDrawFailed] = useState(false);

  const follows = useQuery({ ...inheritorQueries.followed(1, FOLLOW_FETCH_SIZE), enabled: near }, queryClient);
  const favourites = useQuery({ ...favouriteQueries.list(1, SAMPLE_SIZE), enabled: near }, queryClient);
  const history = useQuery({ ...historyQueries.list(1, SAMPLE_SIZE, ''), enabled: near }, queryClient);
  const visits = useMemo(() => {
    if (history.data) return history.data.records;
    if (history.error instanceof ApiError && history.error.local) return readLocalHistory();
    return [];
  }, [history.data, history.error]);
  const unknown = useMemo(() => inheritorsToLookUp(visits, {}), [visits]);
  const inheritors = useQueries({ queries: unknown.map((id) => ({ ...inheritorQueries.detail(id), enabled: near })) }, queryClient);

  const settled = near && !follows.isPending && !favourites.isPending && !history.isPending && inheritors.every((q) => !q.isPending);
  const failed = follows.isError && favourites.isError && history.isError;
  const inheritorCategories = unknown.map((id, i) => [id, inheritors[i]?.data?.inheritor.categoryId ?? null] as const);
  const inheritorKey = inheritorCategories.map(([id, category]) => `${id}:${category}`).join(',');
  const scores = useMemo(
    () =>
      settled
        ? skillScores(
            categories,
            { follows: follows.data ?? [], favourites: favourites.data?.records ?? [], visits },
            { ...lookup, inheritors: Object.fromEntries(inheritorCategories) },
          )
        : undefined,
    // inheritorKey stands for inheritorCategories, a new array on every render.
    [settled, categories, follows.data, favourites.data, visits, lookup, inheritorKey],
  );
  const total = scores?.reduce((sum, s) => sum + s.value, 0) ?? 0;

  useEffect(() => {
    const element = canvas.current;
    if (!scores || total === 0 || !element) {
      // The canvas is gone (nothing left to show): so is the chart drawn in it.
      chart.current?.dispose();
      chart.current = undefined;
      return;
    }
    if (chart.current) {
      chart.current.update(scores);
      return;
    }
    let cancelled = false;
    const animate = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    import('./skill-chart-render.ts')
      .then(({ renderPolarArea }) => {
        if (!cancelled) chart.current = renderPolarArea(element, scores, animate);
      })
      .catch(() => setDrawFailed(true));
    return () => {
      cancelled = true;
    };
  }, [scores, total]);

  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = undefined;
    },
    [],
  );

  const leading = scores ? leadingSkills(scores) : [];
  return (
    <section
      ref={frame}
      aria-labelledby="skill-chart-title"
      className="rounded-box border border-base-300 bg-base-100 p-5"
      data-skill-chart
    >
      <h2 id="skill-chart-title" className="font-serif text-lg">
        兴趣分布
      </h2>
      <p className="mt-1 text-xs opacity-80">按关注（3）、收藏（2）与浏览（1）在十大门类中累计</p>
      {!scores && !failed && (
        <div className="mt-4 grid place-items-center" aria-hidden="true" data-skeleton>
          <div className="skeleton h-52 w-52 rounded-full" />
        </div>
      )}
      {(failed || drawFailed) && <p className="mt-4 text-sm opacity-85">{MESSAGES.profile.chartFailed}</p>}
      {scores && total === 0 && <p className="mt-4 text-sm leading-7 opacity-85">{MESSAGES.profile.chartEmpty}</p>}
      {scores && total > 0 && (
        <>
          <p className="mt-3 text-sm" data-leading>
            最关注：{leading.map((s) => s.name).join('、')}
          </p>
          <div ref={canvas} className="mt-2 h-72 w-full" aria-hidden="true" data-chart />
          <table className="sr-only">
            <caption>十大门类的兴趣分值</caption>
            <thead>
              <tr>
                <th scope="col">门类</th>
                <th scope="col">分值</th>
              </tr>
            </thead>
            <tbody>
              {scores.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

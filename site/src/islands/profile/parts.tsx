/**
 * The pieces every section of the personal centre shares: the designed empty, loading (skeleton) and error
 * states, and the pager.
 */
import type { ReactNode } from 'react';
import { culturePager } from '../../lib/culture/pager.ts';
import * as MESSAGES from '@feiyi/contract/messages';

/** The banner behind the avatar when the visitor has not chosen a background: ink-wash blue with a 祥云 line. */
export const DEFAULT_BANNER =
  "bg-neutral bg-[url('/images/home/cloud.svg'),linear-gradient(135deg,var(--color-secondary),var(--color-neutral))] bg-no-repeat bg-[length:45%_auto,cover] bg-[position:105%_115%,center]";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-12 text-center" data-empty>
      <svg
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        className="text-base-300"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="8" y="8" width="32" height="32" rx="3" />
        <path d="M8 20h32M20 8v32" />
      </svg>
      <p className="font-serif text-lg">{title}</p>
      {children && <div className="text-sm leading-7 opacity-85">{children}</div>}
    </div>
  );
}

export function ErrorState({ title, detail, onRetry }: { title: string; detail?: string | undefined; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-box border border-error/40 bg-base-100 p-5" data-error>
      <p className="font-medium text-error">{title}</p>
      {detail && detail !== title && <p className="text-sm opacity-85">{detail}</p>}
      {onRetry && (
        <button type="button" className="btn btn-outline btn-sm mt-1" onClick={onRetry}>
          {MESSAGES.profile.retry}
        </button>
      )}
    </div>
  );
}

/** Skeleton rows in the shape of the list they stand for. */
export function ListSkeleton({ rows = 3, media = true }: { rows?: number; media?: boolean }) {
  return (
    <ul className="space-y-3" aria-hidden="true" data-skeleton>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4">
          {media && <div className="skeleton h-16 w-16 shrink-0 rounded-box" />}
          <div className="flex-1 space-y-2">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-3 w-4/5" />
            <div className="skeleton h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function GridSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true" data-skeleton>
      {Array.from({ length: cards }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-box border border-base-300 bg-base-100">
          <div className="skeleton aspect-[8/5] w-full rounded-none" />
          <div className="space-y-2 p-4">
            <div className="skeleton h-4 w-2/3" />
            <div className="skeleton h-3 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Loading text for screen readers while a skeleton shows. */
export function Loading({ what }: { what: string }) {
  return (
    <p className="sr-only" role="status">
      正在加载{what}…
    </p>
  );
}

/** Previous, up to 5 page numbers, next; the total. */
export function Pager({
  label,
  current,
  pages,
  total,
  onPage,
}: {
  label: string;
  current: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pager = culturePager(current, pages);
  if (pager.pageCount <= 1) return <p className="mt-4 text-sm opacity-85">共 {total} 条</p>;
  const step = (text: string, page: number | undefined, name: string) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={page === undefined}
      aria-label={name}
      onClick={() => page !== undefined && onPage(page)}
    >
      {text}
    </button>
  );
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-1">
      <span className="mr-2 text-sm opacity-85">共 {total} 条</span>
      {step('上一页', pager.previous, '上一页')}
      {pager.numbers.map((n) => (
        <button
          key={n}
          type="button"
          className={`btn btn-sm min-w-9 ${n === pager.current ? 'btn-secondary' : 'btn-ghost'}`}
          aria-label={`第 ${n} 页`}
          aria-current={n === pager.current ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      {step('下一页', pager.next, '下一页')}
    </nav>
  );
}

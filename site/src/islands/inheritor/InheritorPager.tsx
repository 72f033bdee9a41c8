import { useId, useRef, useState, type FormEvent } from 'react';
import { useTypedBeforeHydration } from '../../lib/ui/use-typed-before-hydration.ts';
import { jumpTarget, PAGE_SIZES, pagerSlots } from '../../lib/inheritor/rules.ts';

interface Props {
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** The inheritors' pagination bar: total, page sizes, previous, pager, next, jumper. */
export default function InheritorPager({ total, page, size, onPage, onSize }: Props) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const [typed, setTyped] = useState({ page: '' });
  const jumpForm = useRef<HTMLFormElement>(null);
  // A page number typed before the browser's script ran is the one the first press goes to.
  useTypedBeforeHydration(jumpForm, setTyped);
  const sizeId = useId();
  const jumpId = useId();

  function jump(event: FormEvent) {
    event.preventDefault();
    const target = jumpTarget(typed.page, pageCount);
    if (target !== null) onPage(target);
    setTyped({ page: '' });
  }

  return (
    <nav aria-label="传承人分页" className="mt-8 flex flex-wrap items-center justify-center gap-x-4 gap-y-3 text-sm">
      <span aria-live="polite">共 {total} 条</span>
      <span className="flex items-center gap-2">
        <label htmlFor={sizeId} className="sr-only">
          每页条数
        </label>
        <select
          id={sizeId}
          className="select select-sm w-28 border-base-300"
          value={size}
          onChange={(event) => onSize(Number(event.currentTarget.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n} 条/页
            </option>
          ))}
        </select>
      </span>
      <span className="join">
        <button type="button" className="join-item btn btn-sm" disabled={page <= 1} aria-label="上一页" onClick={() => onPage(page - 1)}>
          ‹
        </button>
        {pagerSlots(page, pageCount).map((slot) =>
          typeof slot === 'number' ? (
            <button
              key={slot}
              type="button"
              className={`join-item btn btn-sm min-w-8 px-2 ${slot === page ? 'btn-primary' : ''}`}
              aria-label={`第 ${slot} 页`}
              aria-current={slot === page ? 'page' : undefined}
              onClick={() => slot !== page && onPage(slot)}
            >
              {slot}
            </button>
          ) : (
            <span key={slot} className="join-item btn btn-sm btn-disabled px-2" aria-hidden="true">
              …
            </span>
          ),
        )}
        <button
          type="button"
          className="join-item btn btn-sm"
          disabled={page >= pageCount}
          aria-label="下一页"
          onClick={() => onPage(page + 1)}
        >
          ›
        </button>
      </span>
      {/* noValidate: a page past the end is not an error, the jumper takes the visitor to the last page. */}
      <form ref={jumpForm} className="flex items-center gap-2" onSubmit={jump} noValidate>
        <label htmlFor={jumpId}>前往</label>
        <input
          id={jumpId}
          name="page"
          type="number"
          inputMode="numeric"
          min={1}
          max={pageCount}
          className="input input-sm w-20 border-base-300"
          value={typed.page}
          onChange={(event) => setTyped({ page: event.currentTarget.value })}
          aria-describedby={`${jumpId}-of`}
        />
        <span id={`${jumpId}-of`}>页（共 {pageCount} 页）</span>
        <button type="submit" className="btn btn-sm btn-ghost border-base-300">
          跳转
        </button>
      </form>
    </nav>
  );
}

import type { CultureItem, Page } from '@feiyi/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { cultureQueries } from '../../lib/api/culture.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { LIST_RETRIES, listRetryDelay } from '../../lib/culture/banner.ts';
import { CULTURE_PAGE_SIZE, culturePath, readCultureLocation, type CultureLocation } from '../../lib/culture/location.ts';
import { culturePager } from '../../lib/culture/pager.ts';
import { placeLabel } from '../../lib/culture/place.ts';
import { needsShowMore, previewText } from '../../lib/culture/preview.ts';
import { CoverImage } from './CoverImage.tsx';

// The detail dialog (with the favourite button and the browse record) loads when a card is opened, not with the list.
const CultureDetail = lazy(() => import('./CultureDetail.tsx'));

export interface CultureBrowserProps {
  categories: { id: number; title: string }[];
  /** The category of this static page (undefined: all) and its first page, built into the HTML. */
  category: number | undefined;
  firstPage: Page<CultureItem>;
}

/**
 * The culture page's grid: category filter (a change goes to page 1), pages of 10
 * with first / previous / ≤ 5 numbers / next / last, 50-character previews with 'show more' over
 * 100, and the detail dialog. The address (/culture/{category}?page=&item=) follows every step.
 */
export default function CultureBrowser({ categories, category, firstPage }: CultureBrowserProps) {
  const ids = categories.map((c) => c.id);
  const [where, setWhere] = useState<CultureLocation>({ category, page: 1, item: undefined });

  useEffect(() => {
    const read = () => setWhere(readCultureLocation(window.location, ids));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []); // the category list is fixed for the page's life

  const go = (next: CultureLocation, replace = false) => {
    setWhere(next);
    const url = culturePath(next);
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  };

  const params = { category: where.category, page: where.page, size: CULTURE_PAGE_SIZE };
  const list = useQuery(
    {
      ...cultureQueries.page(params),
      initialData: where.category === category && where.page === 1 ? firstPage : undefined,
      placeholderData: keepPreviousData,
      // Whole-call reloads on top of the API module's 3 retries, with growing delay.
      retry: (count, error) => count < LIST_RETRIES && !(error instanceof ApiError && error.status !== undefined && error.status < 500),
      retryDelay: listRetryDelay,
    },
    queryClient,
  );
  const page = list.data;
  const pager = culturePager(where.page, page?.pages ?? 0);

  const toPage = (n: number) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    go({ ...where, page: n, item: undefined });
    document.getElementById('culture-grid')?.scrollIntoView({ block: 'start' });
  };
  const toCategory = (id: number | undefined) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    go({ category: id, page: 1, item: undefined });
  };
  const open = (id: number) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    go({ ...where, item: id });
  };

  const pageHref = (n: number) => culturePath({ ...where, page: n, item: undefined });
  // '首页', '上一页', '下一页', '末页' say what they do: their visible words are their names (WCAG 2.5.3).
  const pagerLink = (label: string, n: number | undefined) =>
    n === undefined ? (
      <span className="join-item btn btn-sm btn-disabled" aria-disabled="true">
        {label}
      </span>
    ) : (
      <a className="join-item btn btn-sm" href={pageHref(n)} onClick={toPage(n)}>
        {label}
      </a>
    );

  return (
    <div>
      <nav aria-label="类别" className="flex flex-wrap gap-2">
        <a
          href="/culture"
          onClick={toCategory(undefined)}
          className={`btn btn-sm ${where.category === undefined ? 'btn-primary' : 'btn-ghost'}`}
          aria-current={where.category === undefined ? 'page' : undefined}
        >
          全部
        </a>
        {categories.map((c) => (
          <a
            key={c.id}
            href={`/culture/${c.id}`}
            onClick={toCategory(c.id)}
            className={`btn btn-sm ${c.id === where.category ? 'btn-primary' : 'btn-ghost'}`}
            aria-current={c.id === where.category ? 'page' : undefined}
          >
            {c.title}
          </a>
        ))}
      </nav>

      <div id="culture-grid" className="scroll-mt-24" aria-busy={list.isFetching}>
        {list.isError && !page && (
          <div role="alert" className="alert alert-error mt-6">
            <span>获取文化内容失败，请稍后重试</span>
            <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
              重新加载
            </button>
          </div>
        )}
        {!page && list.isPending && (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" aria-hidden="true">
            {Array.from({ length: CULTURE_PAGE_SIZE }, (_, i) => (
              <li key={i} className="skeleton aspect-[4/5] w-full" />
            ))}
          </ul>
        )}
        {page && page.records.length === 0 && <p className="mt-6 rounded-box border border-base-300 p-6 text-center">该类别暂无文化内容</p>}
        {page && page.records.length > 0 && (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {page.records.map((culture) => (
              <CultureCard key={culture.id} culture={culture} onOpen={open(culture.id)} />
            ))}
          </ul>
        )}
      </div>

      {page && pager.pageCount > 0 && (
        <div className="mt-8 flex flex-col items-center gap-3">
          {/* Three groups that wrap onto a second line on a phone: in one row they are wider than 375 px. */}
          <nav aria-label="分页" className="flex flex-wrap justify-center gap-2">
            <span className="join">
              {pagerLink('首页', pager.first)}
              {pagerLink('上一页', pager.previous)}
            </span>
            <span className="join">
              {pager.numbers.map((n) =>
                n === pager.current ? (
                  <span key={n} className="join-item btn btn-sm btn-primary" aria-current="page" aria-label={`第 ${n} 页`}>
                    {n}
                  </span>
                ) : (
                  <a key={n} className="join-item btn btn-sm" href={pageHref(n)} onClick={toPage(n)} aria-label={`第 ${n} 页`}>
                    {n}
                  </a>
                ),
              )}
            </span>
            <span className="join">
              {pagerLink('下一页', pager.next)}
              {pagerLink('末页', pager.last)}
            </span>
          </nav>
          <p className="text-sm opacity-80">
            共 {page.total} 条 · 第 {pager.current} / {pager.pageCount} 页
          </p>
        </div>
      )}

      {where.item !== undefined && (
        <Suspense fallback={null}>
          <CultureDetail id={where.item} onClose={() => go({ ...where, item: undefined }, true)} />
        </Suspense>
      )}
    </div>
  );
}

function CultureCard({ culture, onOpen }: { culture: CultureItem; onOpen: (event: MouseEvent<HTMLElement>) => void }) {
  const [expanded, setExpanded] = useState(false);
  const long = needsShowMore(culture.description);
  const textId = `culture-${culture.id}-text`;
  return (
    <li className="card overflow-hidden border border-base-300 bg-base-200/60">
      <figure className="aspect-[8/5] bg-base-300">
        <CoverImage src={culture.coverImage} alt={`${culture.title}封面`} />
      </figure>
      <div className="card-body gap-1 p-4">
        <p className="text-xs tracking-widest text-secondary">
          {culture.categoryName ?? culture.type}
          {placeLabel(culture) ? ` · ${placeLabel(culture)}` : ''}
        </p>
        <h3 className="card-title font-serif text-lg">
          <a href={`/culture/item/${culture.id}`} onClick={onOpen} className="text-inherit no-underline hover:text-primary">
            {culture.title}
          </a>
        </h3>
        <p id={textId} className="text-sm leading-7 opacity-85">
          {expanded ? culture.description : previewText(culture.description)}
        </p>
        {long && (
          <button
            type="button"
            className="link link-secondary self-start text-sm"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? '收起' : '显示更多'}
          </button>
        )}
      </div>
    </li>
  );
}

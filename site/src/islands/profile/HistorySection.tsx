import { BROWSE_TYPES } from '../../lib/contract.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api/errors.ts';
import { type BrowseType, historyQueries } from '../../lib/api/history.ts';
import { readLocalHistory } from '../../lib/api/history-store.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { HISTORY_PAGE_SIZE, browseTypeLabel, localHistoryPage, timeText } from '../../lib/profile/lists.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { EmptyState, ErrorState, ListSkeleton, Loading, Pager } from './parts.tsx';

const COVER_FALLBACK = '/images/culture-default.svg';

interface Row {
  key: string;
  title: string;
  type: string;
  time: string;
  cover: string;
  description: string;
  href: string | undefined;
}

const hrefOf = (type: string, id: number) => (type === 'culture' ? `/culture/item/${id}` : undefined);

function Rows({ rows }: { rows: Row[] }) {
  return (
    <ul className="space-y-3" data-history>
      {rows.map((row) => (
        <li key={row.key} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-3" data-record={row.key}>
          <img
            src={row.cover || COVER_FALLBACK}
            alt=""
            width="96"
            height="60"
            loading="lazy"
            decoding="async"
            className="aspect-[8/5] w-24 shrink-0 rounded bg-base-200 object-cover"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(COVER_FALLBACK)) event.currentTarget.src = COVER_FALLBACK;
            }}
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="badge badge-ghost badge-sm">{browseTypeLabel(row.type)}</span>
              {row.href ? (
                <a className="link link-hover font-medium" href={row.href}>
                  {row.title}
                </a>
              ) : (
                <span className="font-medium">{row.title}</span>
              )}
            </p>
            {row.description && <p className="mt-1 line-clamp-1 text-sm opacity-85">{row.description}</p>}
            <p className="mt-1 text-xs opacity-80" data-time>
              {row.time}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The browse history, 10 a page, filtered by type. When the server refuses (403) or cannot be reached, the
 * records kept in this browser are shown instead.
 */
export default function HistorySection({ cultureTitles }: { cultureTitles: Readonly<Record<number, string>> }) {
  const [type, setType] = useState<BrowseType | ''>('');
  const [page, setPage] = useState(1);
  const filterId = useId();
  const list = useQuery({ ...historyQueries.list(page, HISTORY_PAGE_SIZE, type), placeholderData: keepPreviousData }, queryClient);
  const local = list.isError && list.error instanceof ApiError && list.error.local;

  const filter = (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <label htmlFor={filterId} className="text-sm">
        类型
      </label>
      <select
        id={filterId}
        className="select select-sm w-40"
        value={type}
        onChange={(event) => {
          setType(event.currentTarget.value as BrowseType | '');
          setPage(1);
        }}
      >
        <option value="">全部</option>
        {BROWSE_TYPES.map((t) => (
          <option key={t} value={t}>
            {browseTypeLabel(t)}
          </option>
        ))}
      </select>
    </div>
  );

  let body;
  if (list.isPending) {
    body = (
      <>
        <Loading what="浏览记录" />
        <ListSkeleton rows={4} />
      </>
    );
  } else if (local) {
    const kept = localHistoryPage(readLocalHistory(), type, page);
    body = (
      <>
        <div role="status" className="alert alert-warning mb-4 text-sm" data-local-history>
          {MESSAGES.history.listFailed}（{list.error.message}）。{MESSAGES.profile.historyLocal}
        </div>
        {kept.total === 0 ? (
          <EmptyState title={MESSAGES.history.empty} />
        ) : (
          <>
            <Rows
              rows={kept.records.map((r) => ({
                key: `${r.browseType}-${r.browseId}`,
                title:
                  (r.browseType === 'culture' ? cultureTitles[r.browseId] : undefined) ?? `${browseTypeLabel(r.browseType)} ${r.browseId}`,
                type: r.browseType,
                time: timeText(r.browseTime),
                cover: '',
                description: '',
                href: hrefOf(r.browseType, r.browseId),
              }))}
            />
            <Pager label="浏览记录分页" current={kept.current} pages={kept.pages} total={kept.total} onPage={setPage} />
          </>
        )}
      </>
    );
  } else if (list.isError) {
    body = <ErrorState title={MESSAGES.history.listFailed} detail={messageOf(list.error, '')} onRetry={() => void list.refetch()} />;
  } else if (list.data.total === 0) {
    body = (
      <EmptyState title={MESSAGES.history.empty}>
        {type ? `没有「${browseTypeLabel(type)}」类型的浏览记录。` : '浏览文化项目、传承人或商品后，会记录在这里。'}
      </EmptyState>
    );
  } else {
    const { records, current, pages, total } = list.data;
    body = (
      <div className={list.isPlaceholderData ? 'opacity-60' : ''} aria-busy={list.isPlaceholderData}>
        <Rows
          rows={records.map((r) => ({
            key: `${r.browseType}-${r.browseId}`,
            title: r.title,
            type: r.browseType,
            time: timeText(r.browseTime),
            cover: r.coverImage,
            description: r.description,
            href: hrefOf(r.browseType, r.browseId),
          }))}
        />
        <Pager label="浏览记录分页" current={current} pages={pages} total={total} onPage={setPage} />
      </div>
    );
  }
  return (
    <>
      {filter}
      {body}
    </>
  );
}

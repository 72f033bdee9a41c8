import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { favouriteQueries } from '../../lib/api/favourite.ts';
import { messageOf } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { FAVOURITE_PAGE_SIZE, FAVOURITE_TYPE_LABELS, timeText } from '../../lib/profile/lists.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import FavouriteDetail from './FavouriteDetail.tsx';
import { EmptyState, ErrorState, GridSkeleton, Loading, Pager } from './parts.tsx';

const COVER_FALLBACK = '/images/culture-default.svg';

/** The favourites, 6 a page; a card opens its detail. */
export default function FavouriteSection() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ type: string; id: number; title: string } | undefined>();
  const list = useQuery({ ...favouriteQueries.list(page, FAVOURITE_PAGE_SIZE), placeholderData: keepPreviousData }, queryClient);

  if (list.isPending)
    return (
      <>
        <Loading what="收藏" />
        <GridSkeleton cards={FAVOURITE_PAGE_SIZE} />
      </>
    );
  if (list.isError)
    return <ErrorState title={MESSAGES.favourite.listFailed} detail={messageOf(list.error, '')} onRetry={() => void list.refetch()} />;
  const { records, total, pages, current } = list.data;
  if (total === 0)
    return (
      <EmptyState title={MESSAGES.favourite.empty}>
        在
        <a className="link link-secondary mx-1" href="/culture">
          文化
        </a>
        页面打开感兴趣的项目，点「收藏」即可保存在这里。
      </EmptyState>
    );
  return (
    <>
      <ul
        className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
        data-favourites
        aria-busy={list.isPlaceholderData}
      >
        {records.map((item, index) => (
          <li
            key={item.collectionId}
            className="overflow-hidden rounded-box border border-base-300 bg-base-100"
            data-favourite={`${item.type}-${item.id}`}
          >
            <button
              type="button"
              className="group flex h-full w-full flex-col text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary"
              aria-label={`查看收藏：${item.title}`}
              onClick={() => setOpen({ type: item.type, id: item.id, title: item.title })}
            >
              <img
                src={item.coverImage || COVER_FALLBACK}
                alt=""
                width="400"
                height="250"
                // The first row is on the first screen (on a phone the first card is its largest picture): never lazy.
                loading={index < 3 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
                className="aspect-[8/5] w-full bg-base-200 object-cover"
                onError={(event) => {
                  if (!event.currentTarget.src.endsWith(COVER_FALLBACK)) event.currentTarget.src = COVER_FALLBACK;
                }}
              />
              <span className="flex flex-1 flex-col gap-1 p-4">
                <span className="text-xs tracking-widest text-secondary">{FAVOURITE_TYPE_LABELS[item.type]}</span>
                <span className="font-serif text-lg group-hover:underline">{item.title}</span>
                <span className="line-clamp-2 text-sm leading-6 opacity-85">{item.description}</span>
                <span className="mt-auto pt-2 text-xs opacity-80">收藏于 {timeText(item.createdTime)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pager label="收藏分页" current={current} pages={pages} total={total} onPage={setPage} />
      {open && <FavouriteDetail {...open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { favouriteQueries } from '../../lib/api/favourite.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { favouriteView } from '../../lib/profile/favourites.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import Dialog from '../../lib/ui/Dialog.tsx';

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'config') return error.message;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return MESSAGES.favourite.loadFailed;
  return MESSAGES.favourite.detailFailed;
}

/** A favourite's detail: content, pictures, intro video, category and province. */
export default function FavouriteDetail({ type, id, title, onClose }: { type: string; id: number; title: string; onClose: () => void }) {
  const detail = useQuery(favouriteQueries.detail(type, id), queryClient);
  const view = detail.data ? favouriteView(detail.data) : undefined;
  return (
    <Dialog labelledBy="favourite-detail-title" onClose={onClose} wide>
      <div className="flex items-start justify-between gap-4">
        <h2 id="favourite-detail-title" className="font-serif text-2xl">
          {view?.title ?? title}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" aria-label="关闭" onClick={onClose}>
          ✕
        </button>
      </div>
      {detail.isPending && (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton aspect-[8/5] w-full" />
          <div className="skeleton h-4 w-3/4" />
        </div>
      )}
      {detail.isError && (
        <p role="alert" className="alert alert-error mt-4">
          {failureText(detail.error)}
        </p>
      )}
      {view && (
        <div className="mt-2" data-favourite-detail>
          {(view.categoryName || view.provinceName) && (
            <p className="text-sm tracking-widest text-secondary" data-facts>
              {[view.categoryName, view.provinceName].filter(Boolean).join(' · ')}
            </p>
          )}
          <div className="mt-4 max-w-[36em] space-y-3 leading-[1.9]">
            {view.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {view.images.length > 0 && (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="图片">
              {view.images.map((src, i) => (
                <li key={src}>
                  <img
                    src={src}
                    alt={`${view.title}图片 ${i + 1}`}
                    width="800"
                    height="500"
                    loading="lazy"
                    decoding="async"
                    className="aspect-[8/5] w-full rounded-box border border-base-300 bg-base-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
          {view.video && (
            <video
              controls
              preload="none"
              poster={view.poster || undefined}
              className="mt-6 aspect-video w-full rounded-box bg-neutral"
              aria-label={`${view.title}介绍视频`}
            >
              <source src={view.video} />
            </video>
          )}
          {view.href && (
            <p className="mt-6 text-sm">
              <a className="link link-secondary" href={view.href}>
                打开「{view.title}」的页面
              </a>
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cultureQueries } from '../../lib/api/culture.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { recordBrowse } from '../../lib/api/history.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { imageUrls } from '../../lib/culture/images.ts';
import { paragraphsOf } from '../../lib/culture/paragraphs.ts';
import { placeLabel } from '../../lib/culture/place.ts';
import FavouriteButton from './FavouriteButton.tsx';

/** The culture detail dialog: content, http images, intro video, collect toggle; a browse record on open. */
export default function CultureDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useQuery(cultureQueries.detail(id), queryClient);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    void recordBrowse('culture', id);
  }, [id]);

  const culture = detail.data;
  const failed = detail.error
    ? detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400)
      ? '无效的文化内容'
      : '获取文化详情失败，请稍后重试'
    : undefined;

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="culture-detail-title" onClose={onClose}>
      <div className="modal-box max-w-3xl bg-base-100 p-0">
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-base-300 bg-base-100 px-6 py-4">
          <h2 id="culture-detail-title" className="font-serif text-2xl">
            {culture?.title ?? (failed ? '文化详情' : '加载中…')}
          </h2>
          <form method="dialog">
            <button className="btn btn-ghost btn-sm" aria-label="关闭">
              ✕
            </button>
          </form>
        </div>
        <div className="px-6 pt-4 pb-6">
          {failed && (
            <p role="alert" className="alert alert-error">
              {failed}
            </p>
          )}
          {!culture && !failed && (
            <div className="space-y-3" aria-hidden="true">
              <div className="skeleton aspect-[8/5] w-full" />
              <div className="skeleton h-4 w-3/4" />
              <div className="skeleton h-4 w-2/3" />
            </div>
          )}
          {culture && (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-sm tracking-widest text-secondary">
                  {culture.type ?? culture.categoryName}
                  {placeLabel(culture) ? ` · ${placeLabel(culture)}` : ''}
                </p>
                <span className="flex-1" />
                <FavouriteButton cultureId={culture.id} title={culture.title} />
              </div>
              <div className="mt-4 space-y-4 leading-[1.9]">
                {paragraphsOf(culture.content).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
              {imageUrls(culture.images).length > 0 && (
                <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="图片">
                  {imageUrls(culture.images).map((src, i) => (
                    <li key={src}>
                      <img
                        src={src}
                        alt={`${culture.title}图片 ${i + 1}`}
                        width={800}
                        height={500}
                        loading="lazy"
                        className="aspect-[8/5] w-full rounded-box border border-base-300 object-cover"
                      />
                    </li>
                  ))}
                </ul>
              )}
              {culture.introVideo && (
                <video
                  controls
                  preload="none"
                  poster={culture.coverImage || undefined}
                  className="mt-6 aspect-video w-full rounded-box bg-neutral"
                  aria-label={`${culture.title}介绍视频`}
                >
                  <source src={culture.introVideo} />
                </video>
              )}
              <p className="mt-6 text-sm">
                <a className="link link-secondary" href={`/culture/item/${culture.id}`}>
                  打开{culture.title}的完整页面（项目档案与来源）
                </a>
              </p>
            </>
          )}
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="关闭" />
      </form>
    </dialog>
  );
}

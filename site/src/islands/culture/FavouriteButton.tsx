import { useMutation, useQuery } from '@tanstack/react-query';
import { addFavourite, favouriteQueries, removeFavourite } from '../../lib/api/favourite.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import { notify } from '../../lib/ui/toast.ts';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

/**
 * The culture item's collect toggle: its state is checked for a logged-in visitor; a
 * guest is told '请先登录后再收藏'. A 401/403 is handled by the API module (logout and /login).
 */
export default function FavouriteButton({ cultureId, title }: { cultureId: number; title: string }) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const check = useQuery({ ...favouriteQueries.check(cultureId), enabled: Boolean(session) }, queryClient);
  const collected = Boolean(session) && check.data === true;

  const toggle = useMutation(
    {
      mutationFn: async (next: boolean) => {
        if (next) await addFavourite(cultureId);
        else await removeFavourite(cultureId);
        return next;
      },
      onSuccess: (next) => {
        queryClient.setQueryData(favouriteQueries.check(cultureId).queryKey, next);
        void queryClient.invalidateQueries({ queryKey: [...favouriteQueries.all(), 'list'] });
        notify.success(next ? '收藏成功' : '取消收藏成功');
      },
      onError: (error) => {
        if (!(error instanceof ApiError && error.isAuth)) notify.error('操作失败，请稍后重试');
      },
    },
    queryClient,
  );

  function onClick() {
    if (!readSession()) {
      notify.warning('请先登录后再收藏');
      return;
    }
    toggle.mutate(!collected);
  }

  const busy = toggle.isPending || (Boolean(session) && check.isPending);
  return (
    <button
      type="button"
      className={`btn btn-sm ${collected ? 'btn-primary' : 'btn-outline btn-primary'}`}
      aria-pressed={collected}
      aria-label={collected ? `取消收藏${title}` : `收藏${title}`}
      disabled={toggle.isPending}
      aria-busy={busy}
      onClick={onClick}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill={collected ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
      </svg>
      {collected ? '已收藏' : '收藏'}
    </button>
  );
}

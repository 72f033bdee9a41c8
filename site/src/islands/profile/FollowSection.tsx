import { useMutation, useQuery } from '@tanstack/react-query';
import { messageOf } from '../../lib/api/errors.ts';
import { inheritorQueries, unfollowInheritor } from '../../lib/api/inheritor.ts';
import { profileQueries } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { FOLLOW_FETCH_SIZE } from '../../lib/profile/lists.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { confirmDialog } from '../../lib/ui/confirm.ts';
import { notify } from '../../lib/ui/toast.ts';
import { DEFAULT_AVATAR, avatarOf } from '../../lib/inheritor/rules.ts';
import { EmptyState, ErrorState, ListSkeleton, Loading } from './parts.tsx';

/** The followed inheritors (the first 20); unfollowing asks first. */
export default function FollowSection() {
  const follows = useQuery(inheritorQueries.followed(1, FOLLOW_FETCH_SIZE), queryClient);
  const unfollow = useMutation(
    {
      mutationFn: (id: number) => unfollowInheritor(id),
      onSuccess: async () => {
        notify.success(MESSAGES.profile.unfollowed);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: inheritorQueries.follows() }),
          queryClient.invalidateQueries({ queryKey: profileQueries.all() }),
        ]);
      },
      onError: () => notify.error(MESSAGES.follow.unfollowFailed),
    },
    queryClient,
  );

  async function ask(id: number, name: string) {
    if (await confirmDialog(MESSAGES.follow.confirmUnfollow(name), { title: MESSAGES.follow.unfollow })) unfollow.mutate(id);
  }

  if (follows.isPending)
    return (
      <>
        <Loading what="关注列表" />
        <ListSkeleton rows={4} />
      </>
    );
  if (follows.isError)
    return (
      <ErrorState title={MESSAGES.profile.followFailed} detail={messageOf(follows.error, '')} onRetry={() => void follows.refetch()} />
    );
  if (follows.data.length === 0)
    return (
      <EmptyState title={MESSAGES.profile.followEmpty}>
        在
        <a className="link link-secondary mx-1" href="/inheritors">
          传承人
        </a>
        页面打开一位传承人，即可关注。
      </EmptyState>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-follows>
      {follows.data.map((person) => (
        <li key={person.id} className="flex items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4" data-follow={person.id}>
          <img
            src={avatarOf(person.profileImages)}
            alt=""
            width="64"
            height="64"
            loading="lazy"
            decoding="async"
            className="h-16 w-16 shrink-0 rounded-full border border-base-300 bg-base-200 object-cover"
            onError={(event) => {
              if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
            }}
          />
          <div className="min-w-0 flex-1">
            <p className="font-serif text-lg">{person.inheritorName}</p>
            <p className="truncate text-sm opacity-85">{[person.categoryName, person.skillType].filter(Boolean).join(' · ')}</p>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={unfollow.isPending && unfollow.variables === person.id}
            aria-label={`${MESSAGES.follow.unfollow}：${person.inheritorName}`}
            onClick={() => void ask(person.id, person.inheritorName)}
          >
            {MESSAGES.follow.unfollow}
          </button>
        </li>
      ))}
    </ul>
  );
}

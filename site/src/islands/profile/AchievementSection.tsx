import { useQuery } from '@tanstack/react-query';
import { donationQueries } from '../../lib/api/donation.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { achievementLoadMessage, achievementProgress } from '../../lib/donation/rules.ts';
import { ErrorState, ListSkeleton, Loading } from './parts.tsx';

/** The three donation achievements as the server counts them: progress, and the completed state. */
export default function AchievementSection({ userId }: { userId: number }) {
  const states = useQuery(donationQueries.achievements(userId), queryClient);
  if (states.isPending)
    return (
      <>
        <Loading what="成就" />
        <ListSkeleton rows={3} media={false} />
      </>
    );
  if (states.isError)
    return (
      <ErrorState
        title={achievementLoadMessage({ loggedIn: true, status: states.error instanceof ApiError ? states.error.status : undefined })}
        onRetry={() => void states.refetch()}
      />
    );
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-3" data-achievements>
        {achievementProgress(states.data).map((item) => (
          <li
            key={item.type}
            data-achievement={item.type}
            data-completed={item.completed}
            className={`flex flex-col gap-2 rounded-box border p-5 ${item.completed ? 'border-accent bg-base-200' : 'border-base-300 bg-base-100'}`}
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`grid h-10 w-10 shrink-0 place-items-center rounded-full border-2 font-serif ${item.completed ? 'border-accent bg-accent text-accent-content' : 'border-base-300 text-base-content/60'}`}
              >
                {item.completed ? '✓' : '印'}
              </span>
              <p className="font-serif text-lg">{item.name}</p>
            </div>
            <p className="text-sm leading-6 opacity-85">{item.description}</p>
            <progress
              className={`progress w-full ${item.completed ? 'progress-accent' : 'progress-secondary'}`}
              value={item.percent}
              max={100}
              aria-label={`${item.name}进度`}
            />
            <p className="flex justify-between text-sm">
              <span data-figures>{item.figures}</span>
              <span className={item.completed ? 'font-medium' : 'opacity-85'}>{item.completed ? '已达成' : `${item.percent}%`}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm">
        <a className="link link-secondary" href="/public-welfare">
          去公益页面支持非遗传承
        </a>
      </p>
    </>
  );
}

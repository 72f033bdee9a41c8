import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { donationQueries } from '../../lib/api/donation.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { achievementLoadMessage, achievementProgress } from '../../lib/donation/rules.ts';

/** The 'donationSuccess' event, and the achievement view's refresh 1.5 s after it. */
export const DONATION_SUCCESS_EVENT = 'donationSuccess';
export const ACHIEVEMENT_REFRESH_MS = 1_500;

/** The visitor's three achievements as the server counts them, refreshed 1.5 s after each donation. */
export default function Achievements({ userId }: { userId: number }) {
  const states = useQuery(donationQueries.achievements(userId), queryClient);

  useEffect(() => {
    const timers: number[] = [];
    const onSuccess = () => {
      timers.push(
        window.setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: donationQueries.achievements(userId).queryKey }),
          ACHIEVEMENT_REFRESH_MS,
        ),
      );
    };
    window.addEventListener(DONATION_SUCCESS_EVENT, onSuccess);
    return () => {
      window.removeEventListener(DONATION_SUCCESS_EVENT, onSuccess);
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [userId]);

  return (
    <section aria-labelledby="achievements-title" className="rounded-box border border-base-300 bg-base-100 p-5" data-achievements>
      <h2 id="achievements-title" className="font-serif text-xl">
        我的公益成就
      </h2>
      {states.isError && (
        <p role="alert" className="mt-3 text-sm text-error">
          {achievementLoadMessage({ loggedIn: true, status: states.error instanceof ApiError ? states.error.status : undefined })}
        </p>
      )}
      {states.isPending && <p className="mt-3 text-sm opacity-80">加载中…</p>}
      {states.data && (
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {achievementProgress(states.data).map((item) => (
            <li key={item.type} data-achievement={item.type} className="flex flex-col gap-1">
              <p className="font-medium">
                {item.name}
                {item.completed && <span className="badge badge-primary badge-sm ml-2">已获得</span>}
              </p>
              <p className="text-sm opacity-85">{item.description}</p>
              <progress className="progress progress-primary w-full" value={item.percent} max={100} aria-label={`${item.name}进度`} />
              <p className="text-sm" data-figures>
                {item.figures}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

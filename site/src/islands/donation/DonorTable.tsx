import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { donationQueries } from '../../lib/api/donation.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { donationTime } from '../../lib/donation/rules.ts';

/** How many donors the table keeps; the live feed is fetched again every 30 s. */
export const FEED_LIMIT = 20;
const FEED_REFRESH_MS = 30_000;
const SCROLL_STEP_MS = 60;

/**
 * The scrolling table of the latest donors (masked by the server: 张**). It scrolls by itself, stops while the
 * pointer or focus is inside, and stands still for visitors who ask for reduced motion.
 */
export default function DonorTable() {
  const feed = useQuery({ ...donationQueries.feed(FEED_LIMIT), refetchInterval: FEED_REFRESH_MS }, queryClient);
  const box = useRef<HTMLDivElement>(null);
  const held = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => {
      if (held.current || element.scrollHeight <= element.clientHeight) return;
      element.scrollTop = element.scrollTop + element.clientHeight >= element.scrollHeight - 1 ? 0 : element.scrollTop + 1;
    }, SCROLL_STEP_MS);
    return () => window.clearInterval(timer);
  }, []);

  const hold = (value: boolean) => () => {
    held.current = value;
  };
  const records = feed.data ?? [];
  return (
    <div
      ref={box}
      className="max-h-64 overflow-y-auto rounded-box bg-base-100/95 text-base-content shadow"
      tabIndex={0}
      role="region"
      aria-label="最新捐赠（自动滚动，悬停或聚焦时暂停）"
      data-donor-feed
      onMouseEnter={hold(true)}
      onMouseLeave={hold(false)}
      onFocus={hold(true)}
      onBlur={hold(false)}
    >
      <table className="table table-sm">
        <caption className="sr-only">最新捐赠</caption>
        <thead className="sticky top-0 bg-base-100 text-base-content">
          <tr>
            <th scope="col">捐赠人</th>
            <th scope="col">金额</th>
            <th scope="col">时间</th>
            <th scope="col">项目</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} data-donation={record.id}>
              <td>{record.donor}</td>
              <td className="whitespace-nowrap">{formatMoney(record.amount)}</td>
              <td className="whitespace-nowrap">{donationTime(record.time)}</td>
              <td>{record.projectName}</td>
            </tr>
          ))}
          {records.length === 0 && (
            <tr>
              <td colSpan={4} className="text-center opacity-80">
                {feed.isError ? MESSAGES.donation.feedFailed : feed.isPending ? '加载中…' : MESSAGES.donation.feedEmpty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

import { dropLocalBooking } from '../../lib/api/local-bookings.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import type { LocalBooking } from '../../lib/workshop/booking.ts';
import { formatStartTime } from '../../lib/workshop/countdown.ts';

/** Bookings made in this browser before login, offered for syncing to the account (they hold no seat until then). */
export default function LocalBookings({ records, onSync }: { records: LocalBooking[]; onSync: (r: LocalBooking) => void }) {
  return (
    <section aria-labelledby="local-reservations" className="mt-6 rounded-box border border-info/40 bg-base-100 p-4">
      <h3 id="local-reservations" className="font-serif text-lg">
        {MESSAGES.workshop.localHeading(records.length)}
      </h3>
      <p className="mt-1 text-sm opacity-85">{MESSAGES.workshop.syncNote}</p>
      <ul className="mt-3 space-y-2">
        {records.map((record) => (
          <li key={record.id} className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-medium">{record.activity.title}</span>
            <span className="opacity-85">{formatStartTime(record.activity.time)}</span>
            <span>{record.participants.length} 人</span>
            <span className="flex gap-2">
              <button
                type="button"
                className="btn btn-primary btn-xs"
                aria-label={`同步到账户：${record.activity.title}`}
                onClick={() => onSync(record)}
              >
                同步到账户
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`删除本机记录：${record.activity.title}`}
                onClick={() => dropLocalBooking(record.id)}
              >
                删除本机记录
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

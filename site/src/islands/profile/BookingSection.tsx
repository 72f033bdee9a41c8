import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../lib/api/errors.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { readLocalBookings, subscribeLocalBookings } from '../../lib/api/local-bookings.ts';
import { workshopQueries } from '../../lib/api/workshop.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { type LocalBooking, maskIdCard } from '../../lib/workshop/booking.ts';
import { formatStartTime } from '../../lib/workshop/countdown.ts';
import { EmptyState, ErrorState, ListSkeleton, Loading } from './parts.tsx';
import { useClientStore } from '../../lib/ui/use-client-store.ts';

const NO_RECORDS: LocalBooking[] = [];

interface BookingCard {
  key: string;
  title: string;
  time: string;
  location: string;
  image: string;
  status: string;
  amount: number | undefined;
  participants: Array<{ name: string; idcard: string }>;
}

function Card({ booking, local }: { booking: BookingCard; local: boolean }) {
  return (
    <li
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row"
      data-booking={local ? 'local' : 'server'}
    >
      {booking.image && (
        <img
          src={booking.image}
          alt=""
          width="240"
          height="150"
          loading="lazy"
          decoding="async"
          className="aspect-[8/5] w-full rounded-box bg-base-200 object-cover sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-serif text-lg">{booking.title}</p>
          <span className={`badge badge-sm ${local ? 'badge-outline' : 'badge-secondary'}`}>{local ? '本机记录' : booking.status}</span>
        </div>
        <p className="text-sm opacity-85">
          {booking.time && <time dateTime={booking.time}>{formatStartTime(booking.time)}</time>}
          {booking.location && ` · ${booking.location}`}
        </p>
        <p className="text-sm">
          {booking.participants.length} 人
          {booking.amount !== undefined && ` · ${booking.amount > 0 ? formatMoney(booking.amount) : MESSAGES.workshop.free}`}
        </p>
        <ul className="mt-2 space-y-1 text-sm" aria-label={`${booking.title}的参与人`}>
          {booking.participants.map((p, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <span>{p.name}</span>
              <span className="font-mono tracking-wide opacity-85" data-idcard>
                {maskIdCard(p.idcard)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

/** The visitor's workshop bookings: the server's and any kept in this browser before login (ID numbers masked). */
export default function BookingSection() {
  const bookings = useQuery(workshopQueries.bookings(), queryClient);
  const local = useClientStore(subscribeLocalBookings, readLocalBookings, NO_RECORDS);

  const localCards = local.map((r): BookingCard => ({
    key: `local-${r.id}`,
    title: r.activity.title,
    time: r.activity.time,
    location: r.activity.location,
    image: r.activity.image,
    status: r.status,
    amount: undefined,
    participants: r.participants,
  }));
  const localList = localCards.length > 0 && (
    <section aria-labelledby="local-bookings" className="mt-8">
      <h3 id="local-bookings" className="font-serif text-lg">
        {MESSAGES.profile.localBookings}
      </h3>
      <p className="mt-1 text-sm opacity-85">
        {MESSAGES.workshop.syncNote}
        <a className="link link-secondary ml-1" href="/inheritors#booking">
          去同步
        </a>
      </p>
      <ul className="mt-3 space-y-3">
        {localCards.map((card) => (
          <Card key={card.key} booking={card} local />
        ))}
      </ul>
    </section>
  );

  if (bookings.isPending)
    return (
      <>
        <Loading what="预约" />
        <ListSkeleton rows={2} />
      </>
    );
  if (bookings.isError)
    return (
      <>
        <ErrorState
          title={MESSAGES.profile.bookingsFailed}
          detail={messageOf(bookings.error, '')}
          onRetry={() => void bookings.refetch()}
        />
        {localList}
      </>
    );
  if (bookings.data.length === 0 && localCards.length === 0)
    return (
      <EmptyState title={MESSAGES.profile.bookingsEmpty}>
        <a className="link link-secondary" href="/inheritors#booking">
          预约一场非遗体验工坊
        </a>
      </EmptyState>
    );
  return (
    <>
      {bookings.data.length > 0 ? (
        <ul className="space-y-3" data-bookings>
          {bookings.data.map((b) => (
            <Card
              key={b.id}
              local={false}
              booking={{
                key: String(b.id),
                title: b.activity.title,
                time: b.activity.time,
                location: b.activity.location,
                image: b.activity.image,
                status: b.status,
                amount: b.amount,
                participants: b.participants,
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm opacity-85">账户中还没有预约。</p>
      )}
      {localList}
    </>
  );
}

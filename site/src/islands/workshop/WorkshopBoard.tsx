import type { Workshop } from '@feiyi/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryClient } from '../../lib/api/query-client.ts';
import { readLocalBookings, subscribeLocalBookings } from '../../lib/api/local-bookings.ts';
import { readSession, subscribeSession } from '../../lib/api/session.ts';
import { type fetchBookings, workshopQueries } from '../../lib/api/workshop.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import BookingDialog from './BookingDialog.tsx';
import { type LocalBooking, isBooked, isFreeWorkshop } from '../../lib/workshop/booking.ts';
import { COUNTDOWN_REFRESH_MS, countdownText, formatStartTime, hasStarted } from '../../lib/workshop/countdown.ts';
import LocalBookings from './LocalBookings.tsx';
import { useClientStore } from '../../lib/ui/use-client-store.ts';
import { Picture } from '../../lib/ui/Picture.tsx';
import { PICTURE_SIZES } from '../../lib/ui/picture-sizes.ts';

interface Props {
  /** The workshops as the page was built; the live seats replace them once fetched. */
  workshops: Workshop[];
  /** When the page was built: the first render matches the static HTML, then the visitor's clock takes over. */
  builtAt: string;
}

const NO_RECORDS: LocalBooking[] = [];
const NO_BOOKINGS: Awaited<ReturnType<typeof fetchBookings>> = [];

/**
 * The four workshop cards with live seats and a countdown refreshed every 60 s, and the booking:
 * logged in, the server takes the seats; logged out, the booking is kept in this browser and offered for
 * syncing after login.
 */
export default function WorkshopBoard({ workshops: built, builtAt }: Props) {
  const session = useClientStore(subscribeSession, readSession, undefined);
  const local = useClientStore(subscribeLocalBookings, readLocalBookings, NO_RECORDS);
  const live = useQuery(workshopQueries.list(), queryClient);
  const mine = useQuery({ ...workshopQueries.bookings(), enabled: Boolean(session) }, queryClient);
  const [now, setNow] = useState(() => new Date(builtAt));
  const [open, setOpen] = useState<{ workshop: Workshop; sync?: LocalBooking } | undefined>();

  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const workshops = live.data ?? built;
  const booked = session ? (mine.data ?? NO_BOOKINGS) : local;

  function choose(workshop: Workshop) {
    const activity = { title: workshop.title, time: workshop.startTime };
    if (isBooked(booked, activity)) {
      notify.warning(MESSAGES.workshop.alreadyBooked);
      return;
    }
    setOpen({ workshop });
  }

  function sync(record: LocalBooking) {
    const workshop = workshops.find(
      (w) => w.title === record.activity.title && Date.parse(w.startTime) === Date.parse(record.activity.time),
    );
    if (!workshop) {
      notify.warning(MESSAGES.workshop.syncGone);
      return;
    }
    setOpen({ workshop, sync: record });
  }

  return (
    <>
      {session && local.length > 0 && <LocalBookings records={local} onSync={sync} />}
      {!session && (
        <p className="mt-4 max-w-[40em] text-sm leading-7 opacity-85">
          {MESSAGES.workshop.guestNote}
          <a className="link link-primary ml-1" href={`/login?redirect=${encodeURIComponent('/inheritors#booking')}`}>
            登录
          </a>
        </p>
      )}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {workshops.map((workshop) => {
          const started = hasStarted(workshop.startTime, now);
          const full = workshop.seatsLeft <= 0;
          const already = isBooked(booked, { title: workshop.title, time: workshop.startTime });
          const label = started ? '已结束' : already ? MESSAGES.workshop.booked : full ? '名额已满' : '预约';
          return (
            <li key={workshop.id} className="card overflow-hidden border border-base-300 bg-base-100" data-workshop={workshop.id}>
              <figure className="aspect-[8/5] bg-base-300">
                <Picture
                  src={workshop.image}
                  sizes={PICTURE_SIZES.card}
                  alt={`${workshop.title}封面`}
                  width="800"
                  height="500"
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </figure>
              <div className="card-body gap-2 p-4">
                <h3 className="card-title font-serif text-lg">{workshop.title}</h3>
                <p className="text-sm" data-price>
                  {isFreeWorkshop(workshop.price) ? (
                    <span className="font-serif text-xl text-primary">{MESSAGES.workshop.free}</span>
                  ) : (
                    <>
                      <span className="font-serif text-xl text-primary">{workshop.price}</span> 元/人
                    </>
                  )}
                </p>
                <p className="text-sm opacity-85">
                  <time dateTime={workshop.startTime}>{formatStartTime(workshop.startTime)}</time>
                  <br />
                  {workshop.location}
                </p>
                <p className="text-sm" data-countdown={workshop.startTime}>
                  {countdownText(workshop.startTime, now)}
                </p>
                <p className="text-sm" data-seats>
                  剩余名额 {Math.max(0, workshop.seatsLeft)} / {workshop.seats}
                </p>
                <div className="card-actions mt-2" data-book={workshop.id}>
                  <button
                    type="button"
                    className={`btn btn-sm ${already ? 'btn-outline btn-primary' : 'btn-primary'}`}
                    disabled={started || (full && !already)}
                    aria-label={`${label}：${workshop.title}`}
                    onClick={() => choose(workshop)}
                  >
                    {label}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {open && (
        <BookingDialog
          workshop={open.workshop}
          sync={open.sync}
          loggedIn={Boolean(session)}
          booked={booked}
          onClose={() => setOpen(undefined)}
        />
      )}
    </>
  );
}

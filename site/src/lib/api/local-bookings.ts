/**
 * The logged-out visitor's workshop bookings, kept in localStorage under 'activityReservations'.
 * The rules (record shape, masking, duplicates) live in lib/workshop/booking.ts; this is the storage edge.
 */
import { LOCAL_BOOKINGS_KEY, type LocalBooking, parseLocalBookings } from '../workshop/booking.ts';

const CHANGE_EVENT = 'feiyi:reservations';

const NONE: LocalBooking[] = [];
let cached: { raw: string | null; records: LocalBooking[] } | undefined;

/** The stored bookings; the same array while the stored text is unchanged (a stable snapshot: an island re-renders only when it changed). */
export function readLocalBookings(): LocalBooking[] {
  if (typeof window === 'undefined') return NONE;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(LOCAL_BOOKINGS_KEY);
  } catch {
    return NONE;
  }
  if (!cached || cached.raw !== raw) cached = { raw, records: raw ? parseLocalBookings(raw) : NONE };
  return cached.records;
}

function write(records: readonly LocalBooking[]): void {
  if (records.length === 0) window.localStorage.removeItem(LOCAL_BOOKINGS_KEY);
  else window.localStorage.setItem(LOCAL_BOOKINGS_KEY, JSON.stringify(records));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Adds a record in front (newest first). Throws when the browser refuses to store it. */
export function keepLocalBooking(record: LocalBooking): void {
  write([record, ...readLocalBookings()]);
}

export function dropLocalBooking(id: number): void {
  write(readLocalBookings().filter((r) => r.id !== id));
}

/** Calls `listener` when the stored bookings change, in this tab or another. */
export function subscribeLocalBookings(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCAL_BOOKINGS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

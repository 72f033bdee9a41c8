/**
 * Workshop booking rules: participants 1 to 4, each with name, mainland mobile and an
 * 18-digit ID number whose check digit is right; ID numbers masked to their first 6 and last 4 characters
 * wherever they are shown or stored; one booking per activity (same title and time); the payment
 * simulation's phases (1 s QR, then 10 s processing); the logged-out visitor's local record
 * (localStorage 'activityReservations').
 */
import { maskIdCard } from '@feiyi/contract/identity';
import { PARTICIPANTS, type ParticipantInput } from '@feiyi/contract/booking-rules';
import { lineTotal } from '../format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';

// Who may take part (1–4 people, name ≤ 30, mobile, ID number) is the contract's, the rule the API's schema enforces.
export { PARTICIPANTS, PARTICIPANT_NAME_MAX, participantsProblem } from '@feiyi/contract/booking-rules';
/** The QR shows for 1 s, then 'processing' for 10 s, then the booking is saved. */
export const BOOKING_TIMERS = { qrMs: 1_000, processingMs: 10_000 } as const;
export const LOCAL_BOOKINGS_KEY = 'activityReservations';
// The rules for people are the contract's, the same in the API and the CMS.
export { idCheckCharacter, isMainlandMobile, isValidIdCard, maskIdCard } from '@feiyi/contract/identity';

export type Participant = ParticipantInput;

export const emptyParticipant = (): Participant => ({ name: '', phone: '', idcard: '' });

/** The participant rows for a chosen count, keeping what was typed in the rows that stay. */
export function resizeParticipants(rows: readonly Participant[], count: number): Participant[] {
  const n = Math.min(PARTICIPANTS.max, Math.max(PARTICIPANTS.min, Math.trunc(count)));
  return Array.from({ length: n }, (_, i) => rows[i] ?? emptyParticipant());
}

/** What is sent to the server: trimmed, the ID's check character upper-case. */
export function cleanParticipants(rows: readonly Participant[]): Participant[] {
  return rows.map((row) => ({ name: row.name.trim(), phone: row.phone.trim(), idcard: row.idcard.trim().toUpperCase() }));
}

/** A workshop without a price is a free experience: '免费体验' stands wherever its price would. */
export function isFreeWorkshop(unitPrice: number): boolean {
  return bookingAmount(unitPrice, 1) <= 0;
}

/** Amount in yuan: unit price × participants, exact to the fen (the one money helper). */
export function bookingAmount(unitPrice: number, count: number): number {
  return lineTotal(unitPrice, count);
}

export type BookingPhase = 'qr' | 'processing' | 'done';

/** Where the simulated payment stands `elapsedMs` after the QR modal opened. */
export function bookingPhaseAt(elapsedMs: number): BookingPhase {
  if (elapsedMs < BOOKING_TIMERS.qrMs) return 'qr';
  if (elapsedMs < BOOKING_TIMERS.qrMs + BOOKING_TIMERS.processingMs) return 'processing';
  return 'done';
}

export interface BookingActivity {
  title: string;
  time: string;
  location: string;
  image: string;
}

/** A booking as kept in this browser; ID numbers are kept masked only. */
export interface LocalBooking {
  id: number;
  status: string;
  activity: BookingActivity;
  createTime: string;
  participants: Participant[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';

/** The stored list; anything unreadable is left out (a broken entry never breaks the page). */
export function parseLocalBookings(raw: string | null | undefined): LocalBooking[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): LocalBooking[] => {
    if (!isRecord(item) || typeof item.id !== 'number' || !isRecord(item.activity) || !Array.isArray(item.participants)) return [];
    const { activity } = item;
    if (!isText(activity.title) || !isText(activity.time)) return [];
    const participants = item.participants.flatMap((p): Participant[] =>
      isRecord(p) && isText(p.name) && isText(p.phone) && isText(p.idcard)
        ? [{ name: p.name, phone: p.phone, idcard: p.idcard.includes('*') ? p.idcard : maskIdCard(p.idcard) }]
        : [],
    );
    return [
      {
        id: item.id,
        status: isText(item.status) ? item.status : MESSAGES.workshop.booked,
        activity: {
          title: activity.title,
          time: activity.time,
          location: isText(activity.location) ? activity.location : '',
          image: isText(activity.image) ? activity.image : '',
        },
        createTime: isText(item.createTime) ? item.createTime : '',
        participants,
      },
    ];
  });
}

/** A booking of the same activity exists already: same title and time. */
export function isBooked(records: readonly { activity: { title: string; time: string } }[], activity: { title: string; time: string }) {
  return records.some((r) => r.activity.title === activity.title && Date.parse(r.activity.time) === Date.parse(activity.time));
}

/** The record kept for a logged-out booking: status '已预约', ID numbers masked. */
export function localBooking(activity: BookingActivity, rows: readonly Participant[], now: Date): LocalBooking {
  return {
    id: now.getTime(),
    status: MESSAGES.workshop.booked,
    activity: { ...activity },
    createTime: now.toISOString(),
    participants: cleanParticipants(rows).map((row) => ({ ...row, idcard: maskIdCard(row.idcard) })),
  };
}

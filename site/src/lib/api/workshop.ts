import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { participant } from '@feiyi/contract';
import { call } from './client.ts';

export async function fetchWorkshops(signal?: AbortSignal) {
  return (await call('workshopsResponse', '/api/workshops', { signal })).data.workshops;
}

export async function bookWorkshop(id: number, participants: z.input<typeof participant>[]) {
  return (await call('bookingResponse', `/api/workshops/${id}/book`, { method: 'post', json: { participants } })).data.booking;
}

export async function fetchBookings(signal?: AbortSignal) {
  return (await call('bookingListResponse', '/api/profile/bookings', { signal })).data.records;
}

export const workshopQueries = {
  all: () => ['workshop'] as const,
  list: () => queryOptions({ queryKey: [...workshopQueries.all(), 'list'], queryFn: ({ signal }) => fetchWorkshops(signal) }),
  bookings: () => queryOptions({ queryKey: [...workshopQueries.all(), 'bookings'], queryFn: ({ signal }) => fetchBookings(signal) }),
};

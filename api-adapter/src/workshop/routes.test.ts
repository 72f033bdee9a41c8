import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { adaptersClosedAfterEach, tokenFor } from '../app.fixture.ts';
import { answerBy, type CmsAnswer, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';
import { type booking, workshopsResponse } from '@feiyi/contract/workshop';
import { ApiError } from '../http/errors.ts';
import type { strapiWorkshop } from './mapper.ts';

type Booking = z.infer<typeof booking>;

/** One published workshop, pid 3: 10 seats, 4 taken. */
const workshop: z.infer<typeof strapiWorkshop> = {
  id: 203,
  pid: 3,
  title: '昆曲身段体验',
  price: 120,
  seats: 10,
  seatsBooked: 4,
  startTime: '2026-12-20T06:00:00.000Z',
};
const participant = { name: '张三', phone: '13800138000', idcard: '11010519491231002X' };

function bookingOf(id: number): Booking {
  return {
    id,
    bookingNo: `BK${id}`,
    status: '已预约',
    workshopId: 3,
    activity: { title: workshop.title, time: workshop.startTime, location: '', image: '/uploads/kunqu.png' },
    count: 1,
    amount: 120,
    participants: [{ ...participant, idcard: '110105********002X' }],
    createTime: '2026-11-27T00:00:00.000Z',
  };
}

const adapter = adaptersClosedAfterEach();

async function adapterAnswering(table: Record<string, CmsAnswer>) {
  const stub = stubCms({ collections: { workshops: [workshop] }, answer: answerBy(table) });
  const { server } = await adapter(stub.cms);
  const seatsLeft = async () =>
    workshopsResponse.parse((await server.inject({ method: 'GET', url: '/api/workshops' })).json()).data.workshops[0]!.seatsLeft;
  const book = (token: string, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url: '/api/workshops/3/book',
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: { participants: [participant] },
    });
  return { server, stub, seatsLeft, book };
}

describe('bookings belong to the token’s user', () => {
  it('books and lists with the visitor’s own token, never the server’s', async () => {
    const seven = await tokenFor(7);
    const eight = await tokenFor(8);
    const { server, stub, book } = await adapterAnswering({
      'post portal/bookings': () => ({ booking: bookingOf(41), seats: [{ workshopId: 3, seatsBooked: 5 }] }),
      // The CMS lists the bookings of the token's user (Strapi checks it): user 8 has none.
      'get portal/bookings': (call) => (tokenOf(call) === seven ? [bookingOf(41)] : []),
    });
    expect((await book(seven)).statusCode).toBe(200);
    const mine = await server.inject({ method: 'GET', url: '/api/profile/bookings', headers: { authorization: `Bearer ${seven}` } });
    expect(mine.json().data.records.map((b: Booking) => b.id)).toEqual([41]);
    const theirs = await server.inject({ method: 'GET', url: '/api/profile/bookings', headers: { authorization: `Bearer ${eight}` } });
    expect(theirs.json().data.records).toEqual([]);
    expect(stub.calls.map((call) => `${call.method} ${call.path} ${tokenOf(call)}`)).toEqual([
      `post portal/bookings ${seven}`,
      `get portal/bookings ${seven}`,
      `get portal/bookings ${eight}`,
    ]);
  });
});

describe('seats follow each booking', () => {
  it('serves the seats the CMS answered at once; a replayed booking (same Idempotency-Key, no seats in the answer) changes nothing', async () => {
    const seven = await tokenFor(7);
    let bookedBefore = false;
    const { stub, seatsLeft, book } = await adapterAnswering({
      'post portal/bookings': () => {
        const answer = bookedBefore ? { booking: bookingOf(41) } : { booking: bookingOf(41), seats: [{ workshopId: 3, seatsBooked: 5 }] };
        bookedBefore = true;
        return answer;
      },
    });
    expect(await seatsLeft()).toBe(6);
    const first = await book(seven, { 'idempotency-key': 'book-3-a' });
    expect(await seatsLeft()).toBe(5);
    const again = await book(seven, { 'idempotency-key': 'book-3-a' });
    expect(again.json()).toEqual(first.json());
    expect(await seatsLeft()).toBe(5);
    expect(stub.calls.map((call) => (call.payload as { idempotencyKey?: string }).idempotencyKey)).toEqual(['book-3-a', 'book-3-a']);
    expect(stub.loads.workshops).toBe(1);
  });

  it('after a refusal asks the CMS for this workshop’s seats and serves them', async () => {
    const { stub, seatsLeft, book } = await adapterAnswering({
      'post portal/bookings': () => {
        throw ApiError.conflict('名额已满');
      },
      'get portal/workshops/seats': () => [{ workshopId: 3, seatsBooked: 10 }],
    });
    const refused = await book(await tokenFor(7));
    expect(refused.json()).toEqual({ code: 40900, message: '名额已满', data: null });
    await vi.waitFor(async () => expect(await seatsLeft()).toBe(0), { timeout: 2000, interval: 10 });
    expect(stub.calls.filter((call) => call.path === 'portal/workshops/seats')).toEqual<CmsCall[]>([
      { as: 'server', method: 'get', path: 'portal/workshops/seats', payload: { pids: '3' } },
    ]);
  });
});

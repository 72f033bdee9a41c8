import { afterAll, describe, expect, it } from 'vitest';
import { workshopsResponse } from '@feiyi/contract';
import { sql } from '../support/database.ts';
import { expectError, expectOk, get, newUser, post } from '../support/api.ts';

// A workshop whose start time has passed takes no more bookings. No API moves a start time, so
// the test moves it in the database (and puts it back).
let restore: (() => Promise<unknown>) | undefined;
afterAll(async () => restore?.());

const instant = (date: Date) => (process.env.TEST_DB === 'postgres' ? date.toISOString() : date.getTime());

describe('booking a workshop that has already started', () => {
  it('is refused with 409 活动已开始或已结束 and takes no seat', async () => {
    const workshops = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops;
    const workshop = workshops[workshops.length - 1]!;
    const [row] = await sql<{ start_time: unknown; seats_booked: number | null }>(
      'SELECT start_time, seats_booked FROM workshops WHERE pid = ? AND published_at IS NOT NULL',
      [workshop.id],
    );
    restore = () => sql('UPDATE workshops SET start_time = ? WHERE pid = ?', [row!.start_time, workshop.id]);
    await sql('UPDATE workshops SET start_time = ? WHERE pid = ?', [instant(new Date(Date.now() - 60_000)), workshop.id]);

    const user = await newUser('late');
    const answer = await post(`/api/workshops/${workshop.id}/book`, {
      token: user.token,
      json: { participants: [{ name: '李四', phone: '13900139000', idcard: '11010519491231002X' }] },
    });
    expectError(answer, 409, '活动已开始或已结束');
    const [after] = await sql<{ seats_booked: number | null }>(
      'SELECT seats_booked FROM workshops WHERE pid = ? AND published_at IS NOT NULL',
      [workshop.id],
    );
    expect(Number(after!.seats_booked ?? 0)).toBe(Number(row!.seats_booked ?? 0));
  });
});

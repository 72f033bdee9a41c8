import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookingListResponse, bookingResponse, workshopsResponse, type workshop } from '@feiyi/contract';
import { idCheckCharacter } from '@feiyi/contract/identity';
import { seed, seedWorkshop } from '../support/seed.ts';
import { cmsUser, eventually, expectError, expectOk, get, newUser, post, type TestUser, uniqueSuffix } from '../support/api.ts';

type Workshop = z.infer<typeof workshop>;

let user: TestUser;
let workshops: Workshop[];
beforeAll(async () => {
  user = await newUser('book');
  workshops = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops;
});

// Valid ID numbers (the API checks the check character): 11010519900101 + a three-digit sequence + its check character.
const idcardOf = (n: number) => `11010519900101${String(100 + n).slice(-3)}`;
const person = (n: number) => ({ name: `参与人${n}`, phone: `1390000000${n}`, idcard: idcardOf(n) + idCheckCharacter(idcardOf(n))! });
const book = (token: string, id: number, participants: object[], headers: Record<string, string> = {}) =>
  post(`/api/workshops/${id}/book`, { token, json: { participants }, headers });
const seatsLeft = async (id: number) =>
  expectOk(await get('/api/workshops', { query: { _t: Date.now() } }), workshopsResponse).data.workshops.find((w) => w.id === id)!
    .seatsLeft;

describe('GET /api/workshops', () => {
  it('lists the seeded workshops with their prices and seats, soonest first', () => {
    const seeded = [...seed.workshops].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
    expect(workshops.map((w) => [w.title, w.price, w.seats])).toEqual(seeded.map((w) => [w.title, Number(w.price), w.seats]));
    for (const w of workshops) {
      expect(w.image).toMatch(/^https?:\/\/.+\/uploads\//);
      expect(Date.parse(w.startTime)).toBeGreaterThan(Date.now());
    }
  });
});

describe('POST /api/workshops/{id}/book', () => {
  it('books 2 participants: amount = price × 2, ID numbers masked, seats taken', async () => {
    const celadon = workshops[0]!;
    const left = await seatsLeft(celadon.id);
    const participants = [
      { name: '张三', phone: '13800138000', idcard: '11010519491231002X' },
      { name: '李四', phone: '13900139000', idcard: '330106200001011235' },
    ];
    const { data, message } = expectOk(await book(user.token, celadon.id, participants), bookingResponse);
    expect(message).toBe('预约成功');
    expect(data.booking).toMatchObject({
      status: '已预约',
      workshopId: celadon.id,
      count: 2,
      amount: 198,
      activity: { title: celadon.title, location: celadon.location },
    });
    expect(data.booking.bookingNo).toMatch(/^WS\d{20}$/);
    expect(data.booking.participants).toEqual([
      { name: '张三', phone: '13800138000', idcard: '110105********002X' },
      { name: '李四', phone: '13900139000', idcard: '330106********1235' },
    ]);
    expect(JSON.stringify(data)).not.toContain('11010519491231002X');
    await eventually(async () => ((await seatsLeft(celadon.id)) === left - 2 ? true : undefined));
  });

  it('refuses a second booking of the same activity with 409', async () => {
    const celadon = workshops[0]!;
    expectError(await book(user.token, celadon.id, [person(1)]), 409, '您已预约过该活动');
  });

  it('lists the booking under /api/profile/bookings without the full ID number', async () => {
    const { records } = expectOk(await get('/api/profile/bookings', { token: user.token }), bookingListResponse).data;
    expect(records).toHaveLength(1);
    expect(records[0]!.participants.map((p) => p.idcard)).toEqual(['110105********002X', '330106********1235']);
    expect(records[0]!.activity.image).toMatch(/^https?:\/\/.+\/uploads\//);
  });

  it.each([0, 5])('refuses %i participants (1 to 4 allowed)', async (count) => {
    const participants = Array.from({ length: count }, (_, i) => person(i + 1));
    expectError(await book(user.token, workshops[1]!.id, participants), 400, '参与人数为 1 到 4 人');
  });

  it.each([
    [{ name: '' }, '请填写参与人姓名'],
    [{ phone: '12345' }, '请输入正确的手机号码'],
    [{ phone: '' }, '请填写参与人手机号'],
    [{ idcard: '12345' }, '请输入正确的 18 位身份证号'],
    [{ idcard: '11010519491231002A' }, '请输入正确的 18 位身份证号'],
    // 18 characters of the right form, but the wrong check character or no such birth date: the form's own check.
    [{ idcard: '110105194912310021' }, '请输入正确的 18 位身份证号'],
    [{ idcard: '110105194902300020' }, '请输入正确的 18 位身份证号'],
  ])('validates each participant: %j', async (change, message) => {
    expectError(await book(user.token, workshops[1]!.id, [{ ...person(1), ...change }]), 400, message);
  });

  it('answers 404 for an unknown activity and 401 without a token', async () => {
    expectError(await book(user.token, 999, [person(1)]), 404, '活动不存在');
    expectError(await book('', workshops[1]!.id, [person(1)]), 401, '请先登录');
  });

  it('answers a replayed Idempotency-Key with the first booking', async () => {
    const umbrella = workshops[1]!;
    const key = `book-${uniqueSuffix(12)}`;
    const first = expectOk(await book(user.token, umbrella.id, [person(3)], { 'idempotency-key': key }), bookingResponse);
    const again = expectOk(await book(user.token, umbrella.id, [person(3)], { 'idempotency-key': key }), bookingResponse);
    expect(again.data.booking.id).toBe(first.data.booking.id);
    expect(first.data.booking.amount).toBe(Number(seedWorkshop(umbrella.title).price));
    const { records } = expectOk(await get('/api/profile/bookings', { token: user.token }), bookingListResponse).data;
    expect(records.map((r) => r.workshopId).sort()).toEqual([workshops[0]!.id, umbrella.id].sort());
  });

  it('keeps one booking when the same visitor books an activity three times at once', async () => {
    const cloisonne = workshops[2]!;
    const left = await seatsLeft(cloisonne.id);
    const answers = await Promise.all([1, 2, 3].map((n) => book(user.token, cloisonne.id, [person(n)])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expectError(refused, 409, '您已预约过该活动');
    await eventually(async () => ((await seatsLeft(cloisonne.id)) === left - 1 ? true : undefined));
  });

  it('never sells more seats than there are', async () => {
    const seal = workshops[3]!;
    // No other test books this workshop: all its seeded seats are free (10: 4 + 4, then 2 of 4, then full).
    expect(await seatsLeft(seal.id)).toBe(seedWorkshop(seal.title).seats);
    expect(seal.seats).toBe(10);
    const [a, b, c, d] = await Promise.all([cmsUser('seal'), cmsUser('seal'), cmsUser('seal'), cmsUser('seal')]);
    const four = [person(1), person(2), person(3), person(4)];
    expectOk(await book(a!.token, seal.id, four), bookingResponse);
    expectOk(await book(b!.token, seal.id, four), bookingResponse);
    expectError(await book(c!.token, seal.id, four), 409, '名额不足，仅剩 2 个');
    expectOk(await book(c!.token, seal.id, [person(1), person(2)]), bookingResponse);
    expectError(await book(d!.token, seal.id, [person(1)]), 409, '该活动名额已满');
    await eventually(async () => ((await seatsLeft(seal.id)) === 0 ? true : undefined));
  });
});

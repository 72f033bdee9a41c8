import { describe, expect, it } from 'vitest';
import {
  bookingAmount,
  bookingPhaseAt,
  cleanParticipants,
  idCheckCharacter,
  isBooked,
  isFreeWorkshop,
  isMainlandMobile,
  isValidIdCard,
  localBooking,
  maskIdCard,
  parseLocalBookings,
  participantsProblem,
  resizeParticipants,
} from './booking.ts';

// Check characters worked by hand with GB 11643's weights (7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, mod 11 → 1 0 X 9 8 7 6 5 4 3 2).
const VALID = '11010519491231002X';
const VALID_DIGIT = '110105194912310021';

describe('ID numbers', () => {
  it('computes the check character', () => {
    expect(idCheckCharacter('11010519491231002')).toBe('X');
    expect(idCheckCharacter('33010620000101123')).toBe('5');
    expect(idCheckCharacter('1101051949123100')).toBeUndefined();
  });
  it('accepts 18 characters with a real birth date and the right check character (x as X)', () => {
    expect(isValidIdCard(VALID)).toBe(true);
    expect(isValidIdCard(VALID.toLowerCase())).toBe(true);
    expect(isValidIdCard('330106200001011235')).toBe(true);
  });
  it('refuses a wrong check character, a bad date, a wrong length or letters', () => {
    expect(isValidIdCard(VALID_DIGIT)).toBe(false);
    expect(isValidIdCard('330106200001011234')).toBe(false);
    expect(isValidIdCard('110105194902300020')).toBe(false); // 30 February, right check character
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('1101051949123100211')).toBe(false);
    expect(isValidIdCard('11010519491231002A')).toBe(false);
    expect(isValidIdCard('')).toBe(false);
  });
  it('masks to the first 6 and the last 4 characters', () => {
    expect(maskIdCard(VALID)).toBe('110105********002X');
    expect(maskIdCard(` ${VALID} `)).toBe('110105********002X');
    expect(maskIdCard('12345')).toBe('*****');
    expect(maskIdCard('')).toBe('****');
  });
});

describe('mainland mobile numbers', () => {
  it('accepts 11 digits starting 13–19', () => {
    expect(isMainlandMobile('13800138000')).toBe(true);
    expect(isMainlandMobile(' 19912345678 ')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const phone of ['12800138000', '1380013800', '138001380001', '+8613800138000', '1380013800a']) {
      expect(isMainlandMobile(phone)).toBe(false);
    }
  });
});

describe('participants', () => {
  const good = (n: number) => ({ name: `参与人${n}`, phone: '13800138000', idcard: VALID });
  it('keeps 1 to 4 rows, and what was typed in rows that stay', () => {
    expect(resizeParticipants([], 0)).toHaveLength(1);
    expect(resizeParticipants([], 9)).toHaveLength(4);
    const rows = resizeParticipants([good(1), good(2), good(3)], 2);
    expect(rows).toEqual([good(1), good(2)]);
    expect(resizeParticipants(rows, 3)[2]).toEqual({ name: '', phone: '', idcard: '' });
  });
  it('names the first row with an empty field', () => {
    expect(participantsProblem([good(1), { ...good(2), phone: ' ' }, { ...good(3), name: '' }])).toBe('请完整填写第2位参与者信息');
    expect(participantsProblem([{ name: '', phone: '', idcard: '' }])).toBe('请完整填写第1位参与者信息');
  });
  it('then a wrong mobile or ID number, by row', () => {
    expect(participantsProblem([good(1), { ...good(2), phone: '12345678901' }])).toBe('第 2 位参与人的手机号码不正确');
    expect(participantsProblem([{ ...good(1), idcard: VALID_DIGIT }])).toBe('第 1 位参与人的身份证号不正确（18 位，末位校验码）');
    expect(participantsProblem([{ ...good(1), name: '名'.repeat(31) }])).toBe('第 1 位参与人的姓名不能超过 30 个字');
  });
  it('accepts 1 to 4 complete rows, not 0 or 5', () => {
    expect(participantsProblem([good(1)])).toBeUndefined();
    expect(participantsProblem([1, 2, 3, 4].map(good))).toBeUndefined();
    expect(participantsProblem([])).toBe('参与人数为 1 到 4 人');
    expect(participantsProblem([1, 2, 3, 4, 5].map(good))).toBe('参与人数为 1 到 4 人');
  });
  it('sends trimmed values with an upper-case check character', () => {
    expect(cleanParticipants([{ name: ' 张三 ', phone: ' 13800138000', idcard: `${VALID.toLowerCase()} ` }])).toEqual([
      { name: '张三', phone: '13800138000', idcard: VALID },
    ]);
  });
});

describe('amount and payment phases', () => {
  it('is the unit price times the participants', () => {
    expect(bookingAmount(99, 3)).toBe(297);
    expect(bookingAmount(79, 1)).toBe(79);
    expect(bookingAmount(19.9, 3)).toBe(59.7);
  });
  it('calls a workshop without a price (to the fen) a free experience', () => {
    expect(isFreeWorkshop(0)).toBe(true);
    expect(isFreeWorkshop(0.004)).toBe(true);
    expect(isFreeWorkshop(0.01)).toBe(false);
    expect(isFreeWorkshop(79)).toBe(false);
  });
  it('shows the QR for 1 s, processes for 10 s, then is done', () => {
    expect(bookingPhaseAt(0)).toBe('qr');
    expect(bookingPhaseAt(999)).toBe('qr');
    expect(bookingPhaseAt(1_000)).toBe('processing');
    expect(bookingPhaseAt(10_999)).toBe('processing');
    expect(bookingPhaseAt(11_000)).toBe('done');
  });
});

describe('the local record (activityReservations)', () => {
  const activity = { title: '龙泉青瓷拉坯体验', time: '2027-03-13T06:00:00.000Z', location: '杭州', image: '/a.png' };
  it('is saved with status 已预约 and masked ID numbers only', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const record = localBooking(activity, [{ name: ' 张三 ', phone: '13800138000', idcard: VALID }], now);
    expect(record).toEqual({
      id: now.getTime(),
      status: '已预约',
      activity,
      createTime: '2026-11-23T10:00:00.000Z',
      participants: [{ name: '张三', phone: '13800138000', idcard: '110105********002X' }],
    });
    expect(JSON.stringify(record)).not.toContain(VALID);
  });
  it('reads back what was stored, masks an unmasked ID and drops broken entries', () => {
    const stored = [
      { id: 1, status: '已预约', activity, createTime: 'x', participants: [{ name: 'a', phone: 'b', idcard: VALID }] },
      { id: 'x', activity },
      null,
    ];
    const read = parseLocalBookings(JSON.stringify(stored));
    expect(read).toHaveLength(1);
    expect(read[0]!.participants[0]!.idcard).toBe('110105********002X');
    expect(parseLocalBookings('not json')).toEqual([]);
    expect(parseLocalBookings(null)).toEqual([]);
    expect(parseLocalBookings('{}')).toEqual([]);
  });
  it('finds a duplicate by title and time (the same instant in another notation counts)', () => {
    const records = [{ activity }];
    expect(isBooked(records, { title: activity.title, time: '2027-03-13T14:00:00+08:00' })).toBe(true);
    expect(isBooked(records, { title: activity.title, time: '2027-03-14T14:00:00+08:00' })).toBe(false);
    expect(isBooked(records, { title: '油纸伞', time: activity.time })).toBe(false);
  });
});

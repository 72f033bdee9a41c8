import { describe, expect, it } from 'vitest';
import { PARTICIPANTS, PARTICIPANT_NAME_MAX, participantsProblem } from './booking-rules.ts';

const good = (n: number) => ({ name: `参与人${n}`, phone: `1390000000${n}`, idcard: '11010519491231002X' });

describe('a booking’s participants', () => {
  it('are 1 to 4 people', () => {
    expect(PARTICIPANTS).toEqual({ min: 1, max: 4 });
    expect(participantsProblem([])).toBe('参与人数为 1 到 4 人');
    expect(participantsProblem([1, 2, 3, 4].map(good))).toBeUndefined();
    expect(participantsProblem([1, 2, 3, 4, 5].map(good))).toBe('参与人数为 1 到 4 人');
  });

  it('each give a name of at most 30 characters, a mainland mobile and a valid ID number', () => {
    expect(PARTICIPANT_NAME_MAX).toBe(30);
    expect(participantsProblem([{ ...good(1), name: '名'.repeat(30) }])).toBeUndefined();
    expect(participantsProblem([{ ...good(1), name: '名'.repeat(31) }])).toBe('第 1 位参与人的姓名不能超过 30 个字');
    expect(participantsProblem([good(1), { ...good(2), phone: '12345678901' }])).toBe('第 2 位参与人的手机号码不正确');
    expect(participantsProblem([{ ...good(1), idcard: '110105194912310021' }])).toBe('第 1 位参与人的身份证号不正确（18 位，末位校验码）');
  });

  it('names the first row with an empty field before any other problem', () => {
    expect(
      participantsProblem([
        { ...good(1), phone: '1' },
        { ...good(2), idcard: ' ' },
      ]),
    ).toBe('请完整填写第2位参与者信息');
  });
});

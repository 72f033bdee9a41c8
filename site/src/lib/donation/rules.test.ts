import { describe, expect, it } from 'vitest';
import {
  achievementFailureMessage,
  achievementLoadMessage,
  achievementProgress,
  donationFailureMessage,
  donationTime,
  amountProblem,
  donationPhaseAt,
  maskDonor,
  newlyCompleted,
  stepAmount,
  swipeIntent,
  wheelIntent,
} from './rules.ts';

describe('donation amount', () => {
  it('accepts whole yuan from 1 to 10000', () => {
    for (const value of [1, 100, 10_000, '250']) expect(amountProblem(value)).toBeUndefined();
  });
  it('refuses an empty, non-numeric, too small, too large or fractional amount', () => {
    expect(amountProblem('')).toBe('请输入捐赠金额');
    expect(amountProblem('abc')).toBe('请输入捐赠金额');
    expect(amountProblem(0)).toBe('捐赠金额不能少于 1 元');
    expect(amountProblem(-10)).toBe('捐赠金额不能少于 1 元');
    expect(amountProblem(10_001)).toBe('单笔捐赠金额不能超过 10000 元');
    expect(amountProblem(10.5)).toBe('捐赠金额必须是整数（元）');
  });
  it('steps by 10 within 1–10000', () => {
    expect(stepAmount(100, 1)).toBe(110);
    expect(stepAmount(100, -1)).toBe(90);
    expect(stepAmount(5, -1)).toBe(1);
    expect(stepAmount(9_995, 1)).toBe(10_000);
    expect(stepAmount(Number.NaN, 1)).toBe(110);
  });
});

describe('the payment simulation', () => {
  it('prepares the QR for 1 s, then waits 10 s', () => {
    expect(donationPhaseAt(0)).toEqual({ phase: 'preparing' });
    expect(donationPhaseAt(999)).toEqual({ phase: 'preparing' });
    expect(donationPhaseAt(1_000)).toEqual({ phase: 'waiting' });
    expect(donationPhaseAt(10_999)).toEqual({ phase: 'waiting' });
  });
  it('then rises 10 % every 300 ms, and is paid once 100 % has shown', () => {
    expect(donationPhaseAt(11_000)).toEqual({ phase: 'progress', percent: 10 });
    expect(donationPhaseAt(11_299)).toEqual({ phase: 'progress', percent: 10 });
    expect(donationPhaseAt(11_300)).toEqual({ phase: 'progress', percent: 20 });
    expect(donationPhaseAt(13_700)).toEqual({ phase: 'progress', percent: 100 });
    expect(donationPhaseAt(13_999)).toEqual({ phase: 'progress', percent: 100 });
    expect(donationPhaseAt(14_000)).toEqual({ phase: 'paid' });
  });
});

describe('donor names', () => {
  it('keep the first character only', () => {
    expect(maskDonor('张三丰')).toBe('张**');
    expect(maskDonor(' demo ')).toBe('d**');
    expect(maskDonor('')).toBe('匿名**');
    expect(maskDonor(undefined)).toBe('匿名**');
    expect(maskDonor('𠮷野')).toBe('𠮷**');
  });
});

describe('the slide panel', () => {
  it('opens on a scroll of more than 10 px, closes on more than 10 px back', () => {
    expect(wheelIntent(10)).toBe('none');
    expect(wheelIntent(11)).toBe('open');
    expect(wheelIntent(-11)).toBe('close');
    expect(wheelIntent(-10)).toBe('none');
  });
  it('opens on a swipe up of more than 20 px, closes on a swipe down', () => {
    expect(swipeIntent(500, 480)).toBe('none');
    expect(swipeIntent(500, 479)).toBe('open');
    expect(swipeIntent(500, 521)).toBe('close');
    expect(swipeIntent(500, 520)).toBe('none');
  });
});

const state = (type: 'first_donation' | 'donation_amount' | 'different_projects', current: number, target: number) => ({
  achievementType: type,
  achievementName: type,
  description: '',
  currentValue: current,
  targetValue: target,
  isCompleted: current >= target,
});

describe('achievements', () => {
  it('show the server figures in the spec order', () => {
    const progress = achievementProgress([
      state('different_projects', 2, 3),
      state('donation_amount', 300, 1000),
      state('first_donation', 1, 1),
    ]);
    expect(progress.map((p) => [p.type, p.figures, p.percent, p.completed])).toEqual([
      ['first_donation', '1 / 1 次', 100, true],
      ['donation_amount', '300 / 1000 元', 30, false],
      ['different_projects', '2 / 3 个项目', 66, false],
    ]);
  });
  it('never show more than the target or below zero', () => {
    const [amount] = achievementProgress([{ ...state('donation_amount', 1500, 1000) }]);
    expect(amount).toMatchObject({ figures: '1000 / 1000 元', percent: 100, completed: true });
    const [none] = achievementProgress([state('first_donation', 0, 1)]);
    expect(none).toMatchObject({ figures: '0 / 1 次', percent: 0, completed: false });
  });
  it('name the ones a donation completed', () => {
    const before = [state('first_donation', 0, 1), state('donation_amount', 900, 1000)];
    const after = [state('first_donation', 1, 1), state('donation_amount', 1000, 1000)];
    expect(newlyCompleted(before, after).map((a) => a.achievementType)).toEqual(['first_donation', 'donation_amount']);
    expect(newlyCompleted(after, after)).toEqual([]);
  });
});

describe('error messages', () => {
  it('word a failed donation', () => {
    expect(donationFailureMessage({ loggedIn: false })).toBe('请先登录');
    expect(donationFailureMessage({ loggedIn: true, status: 403 })).toBe('无权捐赠，请先登录');
    expect(donationFailureMessage({ loggedIn: true, status: 500, message: 'boom' })).toBe('服务器错误，请稍后重试');
    expect(donationFailureMessage({ loggedIn: true, status: 400, message: '项目不存在' })).toBe('项目不存在');
    expect(donationFailureMessage({ loggedIn: true })).toBe('捐赠失败，请重试');
  });
  it('word a failed achievement update and fetch', () => {
    expect(achievementFailureMessage({ status: 403 })).toBe('无权获取成就数据，请重新登录');
    expect(achievementFailureMessage({ status: 401 })).toBe('登录已过期');
    expect(achievementFailureMessage({ message: '网络错误' })).toBe('更新成就失败: 网络错误');
    expect(achievementLoadMessage({ loggedIn: false })).toBe('请先登录');
    expect(achievementLoadMessage({ loggedIn: true, status: 403 })).toBe('无权获取成就数据，请重新登录');
    expect(achievementLoadMessage({ loggedIn: true, status: 502 })).toBe('获取成就数据失败，请稍后重试');
  });
  it('show donation times in Beijing time', () => {
    expect(donationTime('2026-11-23T06:05:00.000Z')).toBe('11-23 14:05');
    expect(donationTime('nope')).toBe('');
  });
});

/**
 * Donation rules: the amount (1–10000 yuan, whole yuan, steps of 10, default 100), the
 * payment simulation's schedule (QR after about 1 s, 10 s wait, then +10 % every 300 ms), the donor's masked
 * name, the slide panel's 10/20 px rules and the achievements' progress as the server counts it.
 */
import type { z } from 'zod';
import { ACHIEVEMENT_TYPES, ACHIEVEMENT_UNITS } from '@feiyi/contract/achievements';
import type { achievement } from '@feiyi/contract';
import { beijingParts, twoDigits } from '../format/beijing-time.ts';
import * as MESSAGES from '@feiyi/contract/messages';

export const DONATION_AMOUNT = { min: 1, max: 10_000, step: 10, initial: 100 } as const;

/** Why an amount cannot be donated, or undefined when it can. */
export function amountProblem(value: number | string): string | undefined {
  const words = MESSAGES.donation;
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (text === '') return words.amountMissing;
  const amount = Number(text);
  if (!Number.isFinite(amount)) return words.amountMissing;
  if (amount < DONATION_AMOUNT.min) return words.amountTooSmall;
  if (amount > DONATION_AMOUNT.max) return words.amountTooLarge;
  if (!Number.isInteger(amount)) return words.amountWhole;
  return undefined;
}

/** The − and + buttons: 10 yuan down or up, kept within 1–10000. */
export function stepAmount(amount: number, direction: 1 | -1): number {
  const base = Number.isFinite(amount) ? Math.round(amount) : DONATION_AMOUNT.initial;
  return Math.min(DONATION_AMOUNT.max, Math.max(DONATION_AMOUNT.min, base + direction * DONATION_AMOUNT.step));
}

/** The payment simulation: the QR after about 1 s, 10 s of waiting, then +10 % every 300 ms up to 100 %. */
export const DONATION_TIMERS = { qrMs: 1_000, waitMs: 10_000, stepMs: 300, stepPercent: 10 } as const;

export type DonationPhase = { phase: 'preparing' } | { phase: 'waiting' } | { phase: 'progress'; percent: number } | { phase: 'paid' };

/** Where the simulated payment stands `elapsedMs` after the visitor confirmed the amount. */
export function donationPhaseAt(elapsedMs: number): DonationPhase {
  const { qrMs, waitMs, stepMs, stepPercent } = DONATION_TIMERS;
  if (elapsedMs < qrMs) return { phase: 'preparing' };
  if (elapsedMs < qrMs + waitMs) return { phase: 'waiting' };
  const steps = Math.floor((elapsedMs - qrMs - waitMs) / stepMs) + 1;
  const percent = Math.min(100, steps * stepPercent);
  // The call is made once the circle has shown 100 % for one step.
  if (percent === 100 && elapsedMs >= qrMs + waitMs + (100 / stepPercent) * stepMs) return { phase: 'paid' };
  return { phase: 'progress', percent };
}

/** 张三丰 → 张**: the donor table never shows a full name (the contract's rule, which the server's feed follows too). */
export { maskName as maskDonor } from '@feiyi/contract/identity';

/** The slide panel: a scroll of more than 10 px or a swipe of more than 20 px; up opens, down closes. */
export const SLIDE_THRESHOLD = { wheelPx: 10, swipePx: 20 } as const;

export type SlideIntent = 'open' | 'close' | 'none';

/** `deltaY` as a wheel event gives it: positive scrolls the page on (the content comes up). */
export function wheelIntent(deltaY: number): SlideIntent {
  if (deltaY > SLIDE_THRESHOLD.wheelPx) return 'open';
  if (deltaY < -SLIDE_THRESHOLD.wheelPx) return 'close';
  return 'none';
}

/** A touch moving from `startY` to `endY`: a finger moving up (endY smaller) opens. */
export function swipeIntent(startY: number, endY: number): SlideIntent {
  const up = startY - endY;
  if (up > SLIDE_THRESHOLD.swipePx) return 'open';
  if (up < -SLIDE_THRESHOLD.swipePx) return 'close';
  return 'none';
}

type Achievement = z.infer<typeof achievement>;

export interface AchievementProgress {
  type: Achievement['achievementType'];
  name: string;
  description: string;
  /** '1 / 1', '300 / 1000 元', '2 / 3 个项目'. */
  figures: string;
  percent: number;
  completed: boolean;
}

/** The achievements as the server counted them, in ACHIEVEMENT_TYPES order, with their progress. */
export function achievementProgress(states: readonly Achievement[]): AchievementProgress[] {
  return [...states]
    .sort((a, b) => ACHIEVEMENT_TYPES.indexOf(a.achievementType) - ACHIEVEMENT_TYPES.indexOf(b.achievementType))
    .map((state) => {
      const target = Math.max(1, state.targetValue);
      const current = Math.max(0, Math.min(state.currentValue, target));
      return {
        type: state.achievementType,
        name: state.achievementName,
        description: state.description,
        figures: `${current} / ${state.targetValue} ${ACHIEVEMENT_UNITS[state.achievementType]}`,
        percent: state.isCompleted ? 100 : Math.floor((current / target) * 100),
        completed: state.isCompleted,
      };
    });
}

/** The achievements a donation completed: done now and not before. */
export function newlyCompleted(before: readonly Achievement[], after: readonly Achievement[]): Achievement[] {
  const done = new Set(before.filter((a) => a.isCompleted).map((a) => a.achievementType));
  return after.filter((a) => a.isCompleted && !done.has(a.achievementType));
}

/** How a failed donation reads. */
export function donationFailureMessage(failure: { status?: number | undefined; message?: string | undefined; loggedIn: boolean }): string {
  const words = MESSAGES.donation;
  if (!failure.loggedIn || failure.status === 401) return words.loginFirst;
  if (failure.status === 403) return words.forbidden;
  if (failure.status !== undefined && failure.status >= 500) return words.serverError;
  return failure.message?.trim() || words.failed;
}

/** How a failed achievement update reads. */
export function achievementFailureMessage(failure: { status?: number | undefined; message?: string | undefined }): string {
  const words = MESSAGES.achievement;
  if (failure.status === 403) return words.forbidden;
  if (failure.status === 401) return words.loginExpired;
  return words.updateFailed(failure.message?.trim() || '未知错误');
}

/** How a failed achievement fetch reads. */
export function achievementLoadMessage(failure: { status?: number | undefined; loggedIn: boolean }): string {
  const words = MESSAGES.achievement;
  if (!failure.loggedIn) return MESSAGES.donation.loginFirst;
  if (failure.status === 403) return words.forbidden;
  if (failure.status === 401) return words.loginExpired;
  return words.failedLater;
}

/** A donation's time in Beijing time: '11-23 14:05'. */
export function donationTime(iso: string): string {
  const parts = beijingParts(iso);
  if (!parts) return '';
  return `${twoDigits(parts.month)}-${twoDigits(parts.day)} ${twoDigits(parts.hour)}:${twoDigits(parts.minute)}`;
}

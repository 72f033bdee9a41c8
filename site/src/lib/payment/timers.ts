/**
 * The simulated payments' timings:
 * - quick-buy: the 'processing payment' dialog waits 3.5 s, then calls mock-pay;
 * - payment page: 10 s after the QR code is shown a progress circle rises 10 % per second to 100 %, then the
 *   order is marked paid and the visitor goes to /pay-success.
 * Both run on the one payment clock (lib/payment/simulated-payment.ts); cancel() stops it (the cancel buttons).
 */
import { startPaymentClock } from './simulated-payment.ts';

export const QUICK_BUY_DELAY_MS = 3_500;
export const PAYMENT_WAIT_MS = 10_000;
export const PAYMENT_STEP_MS = 1_000;
export const PAYMENT_STEP = 10;

export interface TimerHandle {
  cancel(): void;
}

/** Calls `onDue` once after the quick-buy delay unless cancelled first. */
export function startQuickBuyDelay(onDue: () => void, delayMs = QUICK_BUY_DELAY_MS): TimerHandle {
  return startPaymentClock({ stateAt: (elapsed) => elapsed >= delayMs, isDone: (due) => due, onDone: onDue, now: Date.now });
}

export type PaymentPageState = { phase: 'waiting'; secondsLeft: number } | { phase: 'progress'; percent: number } | { phase: 'paid' };

/** The payment page `elapsedMs` after its QR code showed: the wait with its seconds left, then +10 % a second, paid at 100 %. */
export function paymentPageStateAt(
  elapsedMs: number,
  waitMs = PAYMENT_WAIT_MS,
  stepMs = PAYMENT_STEP_MS,
  step = PAYMENT_STEP,
): PaymentPageState {
  const percent = elapsedMs < waitMs ? 0 : Math.min(100, Math.floor((elapsedMs - waitMs) / stepMs) * step);
  if (percent >= 100) return { phase: 'paid' };
  if (percent === 0) return { phase: 'waiting', secondsLeft: Math.max(0, Math.ceil((waitMs - elapsedMs) / 1000)) };
  return { phase: 'progress', percent };
}

/** While the payment page waits, it reads the order this often to follow a payment made on the phone. */
export const ORDER_POLL_MS = 2_000;
/** The payment page's success dialog stays this long before /pay-success opens. */
export const SUCCESS_REDIRECT_MS = 1_500;
/** A warning that sends the visitor elsewhere stays readable this long before the page changes. */
export const NOTICE_MS = 1_500;

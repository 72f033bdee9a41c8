/**
 * The simulated payments' timings (part 1 §4, §9; part 2 §4, §9):
 * - quick-buy: the 'processing payment' dialog waits 3.5 s, then calls mock-pay;
 * - payment page: 10 s after the QR code is shown a progress circle rises 10 % per second to 100 %, then the
 *   order is marked paid and the visitor goes to /pay-success.
 * Each runner returns a handle whose cancel() stops every timer it started (the cancel buttons).
 */
export const QUICK_BUY_DELAY_MS = 3_500;
export const PAYMENT_WAIT_MS = 10_000;
export const PAYMENT_STEP_MS = 1_000;
export const PAYMENT_STEP = 10;

export interface TimerHandle {
  cancel(): void;
}

/** Calls `onDue` once after the quick-buy delay unless cancelled first. */
export function startQuickBuyDelay(onDue: () => void, delayMs = QUICK_BUY_DELAY_MS): TimerHandle {
  const id = setTimeout(onDue, delayMs);
  return { cancel: () => clearTimeout(id) };
}

export interface ProgressOptions {
  /** Each new percentage: 10, 20, … 100. */
  onProgress(percent: number): void;
  /** Once, right after 100 %. */
  onDone(): void;
  waitMs?: number;
  stepMs?: number;
  step?: number;
}

/** The payment page's wait and progress circle: nothing for `waitMs`, then +`step` % every `stepMs` up to 100. */
export function startPaymentProgress({
  onProgress,
  onDone,
  waitMs = PAYMENT_WAIT_MS,
  stepMs = PAYMENT_STEP_MS,
  step = PAYMENT_STEP,
}: ProgressOptions): TimerHandle {
  let interval: ReturnType<typeof setInterval> | undefined;
  let percent = 0;
  let stopped = false;
  const wait = setTimeout(() => {
    interval = setInterval(() => {
      percent = Math.min(100, percent + step);
      onProgress(percent);
      if (percent >= 100) {
        clearInterval(interval);
        if (!stopped) {
          stopped = true;
          onDone();
        }
      }
    }, stepMs);
  }, waitMs);
  return {
    cancel: () => {
      stopped = true;
      clearTimeout(wait);
      if (interval !== undefined) clearInterval(interval);
    },
  };
}

/** Seconds left before the progress starts, for the 'waiting for payment' text (never negative). */
export function secondsUntilProgress(elapsedMs: number, waitMs = PAYMENT_WAIT_MS): number {
  return Math.max(0, Math.ceil((waitMs - elapsedMs) / 1000));
}

/** While the payment page waits, it reads the order this often to follow a payment made on the phone. */
export const ORDER_POLL_MS = 2_000;
/** The payment page's success dialog stays this long before /pay-success opens. */
export const SUCCESS_REDIRECT_MS = 1_500;
/** A warning that sends the visitor elsewhere stays readable this long before the page changes. */
export const NOTICE_MS = 1_500;

/**
 * The one clock behind every simulated payment (the payment page, quick buy, a donation, a workshop booking). A flow
 * states where it stands at any moment after it started, as a pure function of the elapsed time (its own rules: the QR
 * code, the wait, the progress circle, paid); this clock asks it every tick, reports each change and calls `onDone`
 * once when the flow says it is done. Cancelling (the flows' cancel buttons, a closed dialog) stops it for good.
 */
export const PAYMENT_TICK_MS = 100;

export interface PaymentClock {
  cancel(): void;
}

export interface PaymentClockOptions<State> {
  /** Where the flow stands `elapsedMs` after it started. */
  stateAt(elapsedMs: number): State;
  isDone(state: State): boolean;
  /** Each state that differs from the one before (the first included). */
  onState?(state: State): void;
  /** Once, with the first state that is done. */
  onDone(state: State): void;
  tickMs?: number;
  /** The time source (the page's clock; tests give their own). */
  now?(): number;
}

const sameState = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export function startPaymentClock<State>({
  stateAt,
  isDone,
  onState,
  onDone,
  tickMs = PAYMENT_TICK_MS,
  now = () => performance.now(),
}: PaymentClockOptions<State>): PaymentClock {
  const started = now();
  let shown: { state: State } | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    const state = stateAt(now() - started);
    if (!shown || !sameState(shown.state, state)) {
      shown = { state };
      onState?.(state);
    }
    if (isDone(state)) {
      stop();
      onDone(state);
      return true;
    }
    return false;
  };
  if (!tick()) timer = setInterval(tick, tickMs);
  return { cancel: stop };
}

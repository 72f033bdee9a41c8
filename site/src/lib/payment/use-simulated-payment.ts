import { useEffect, useRef, useState } from 'react';
import { type PaymentClock, startPaymentClock } from './simulated-payment.ts';

/**
 * A simulated payment in a component: `start()` runs the flow's states on the payment clock, `state` is the one to
 * show (undefined before the start), `cancel()` stops it, and leaving the page or closing the dialog stops it too.
 * `onDone` is read when the flow finishes, so it sees that moment's props and state.
 */
export function useSimulatedPayment<State>(flow: {
  stateAt(elapsedMs: number): State;
  isDone(state: State): boolean;
  onDone(state: State): void;
}) {
  const [state, setState] = useState<State | undefined>();
  const clock = useRef<PaymentClock | undefined>(undefined);
  const latest = useRef(flow);
  latest.current = flow;

  const cancel = () => {
    clock.current?.cancel();
    clock.current = undefined;
  };
  useEffect(() => cancel, []);

  const start = () => {
    cancel();
    clock.current = startPaymentClock<State>({
      stateAt: (elapsed) => latest.current.stateAt(elapsed),
      isDone: (value) => latest.current.isDone(value),
      onState: setState,
      onDone: (value) => {
        clock.current = undefined;
        latest.current.onDone(value);
      },
    });
  };
  return { state, start, cancel };
}

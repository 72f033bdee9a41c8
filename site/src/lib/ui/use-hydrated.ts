import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the static HTML and while React hydrates, true once the island runs. A form whose submit button waits for
 * it cannot be sent by the browser itself before its script is there (a sign-in form would put the password in the
 * address: a form without JavaScript submits as GET).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { useLayoutEffect, useState } from 'react';

/**
 * False in the static HTML and in the render that hydrates it, true from the island's next render on (before the
 * browser paints). A form whose submit button waits for it cannot be sent by the browser itself before its script is
 * there (a sign-in form would put the password in the address: a form without JavaScript submits as GET).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

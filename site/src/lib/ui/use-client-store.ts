import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A value that only the browser knows (the session, the address, the bookings kept in this browser) in an island
 * that hydrates over static HTML: `staticValue` — what the HTML was built with — on the server and in the render that
 * hydrates, the stored value from the next render on (before the browser paints), and every change after that.
 * Not useSyncExternalStore: preact/compat's has no server snapshot, so it would read the browser's store while the
 * page is built, and in the hydrating render, whose differing attributes Preact's hydration keeps as the HTML has them.
 */
export function useClientStore<T>(subscribe: (onChange: () => void) => () => void, read: () => T, staticValue: T): T {
  const [value, setValue] = useState<T>(staticValue);
  const latestRead = useRef(read);
  latestRead.current = read;
  useLayoutEffect(() => {
    const update = () => setValue(() => latestRead.current());
    update();
    return subscribe(update);
  }, [subscribe]);
  return value;
}

import { useEffect, useRef, useState } from 'react';

/**
 * For an <img> that shows `fallback` when its own picture fails: the ref, whether it failed, and the error handler.
 * A picture that failed before the island hydrated fired its error event unheard, so that case is read on mount.
 */
export function useImageFallback(fallback: string) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') !== fallback) setFailed(true);
  }, [fallback]);
  return { ref, failed, onError: () => setFailed(true) };
}

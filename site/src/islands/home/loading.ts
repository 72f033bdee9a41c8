/**
 * The home loading animation's rules: once per session, at least 3.5 s, at most 5 s,
 * hiding when progress reaches 100 and the 3D mask it waits for is ready.
 */

export const LOADER_MIN_MS = 3500;
export const LOADER_MAX_MS = 5000;
/** sessionStorage key: set when the animation is shown, so a reload or a later visit in the session skips it. */
export const LOADER_SEEN_KEY = 'home-loader-seen';

/**
 * Whether to show it at all. Never twice in a session; never with prefers-reduced-motion: the animation is decoration
 * and the page's content is already in the HTML, so making such a visitor wait 3.5 s for it is waiting for nothing.
 */
export function shouldShowLoader(seenThisSession: boolean, reducedMotion: boolean): boolean {
  return !seenThisSession && !reducedMotion;
}

/**
 * The progress shown at `elapsed` ms: it creeps towards 90 while the model loads and reaches 100 only once the model
 * is ready (or has settled as unsupported or failed: nothing more to wait for) and the minimum time has passed.
 */
export function loaderProgress(elapsed: number, modelSettled: boolean): number {
  if (modelSettled && elapsed >= LOADER_MIN_MS) return 100;
  const creep = Math.round(90 * (1 - Math.exp(-elapsed / 1400)));
  return Math.min(modelSettled ? 99 : 90, Math.max(0, creep));
}

/** The animation hides at 100 %, or at 5 s whatever the model is doing (it never holds the page longer). */
export function loaderDone(elapsed: number, modelSettled: boolean): boolean {
  return loaderProgress(elapsed, modelSettled) === 100 || elapsed >= LOADER_MAX_MS;
}

/**
 * The inline script run before the first paint (astro.config.mjs adds its hash to the content security policy):
 * marks <html> so the loader's CSS shows it at once, with no flash on repeat visits.
 */
export const LOADER_BOOT_SCRIPT = `(function(){try{var s=sessionStorage;if(s.getItem(${JSON.stringify(LOADER_SEEN_KEY)})||matchMedia('(prefers-reduced-motion: reduce)').matches)return;s.setItem(${JSON.stringify(LOADER_SEEN_KEY)},'1');document.documentElement.setAttribute('data-home-loader','show')}catch(e){}})();`;

/**
 * The heading font, after the page has loaded: this page's slices (the characters the build found in its headings,
 * html[data-serif-text]) are fetched, and only when all have arrived does html[data-serif] put the font into the
 * headings' stack. The first screen never waits for the font or shares the line with it, and the headings are laid
 * out once more, not once per slice.
 */
const FAMILY = 'Feiyi Serif';

/**
 * A page whose first screen an island draws from the visitor's own data (the personal centre) holds an element
 * [data-serif-after-first-screen]: the font then waits, after the load, for the island to put data-first-screen on
 * <html> and send FIRST_SCREEN_EVENT (or for FIRST_SCREEN_TIMEOUT_MS), so that its slices never share a slow network
 * with that screen's data and pictures. (The island does both itself rather than import this module, which would
 * become a chunk of its own shared by the shell and the island: one more request on both.)
 */
export const FIRST_SCREEN_EVENT = 'feiyi:first-screen';
export const FIRST_SCREEN_TIMEOUT_MS = 8000;

function afterFirstScreen(start: () => void): void {
  if (document.documentElement.hasAttribute('data-first-screen')) {
    start();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    window.removeEventListener(FIRST_SCREEN_EVENT, once);
    start();
  };
  window.addEventListener(FIRST_SCREEN_EVENT, once);
  window.setTimeout(once, FIRST_SCREEN_TIMEOUT_MS);
}

export function loadSerifFont(root: HTMLElement = document.documentElement): void {
  const text = root.dataset.serifText;
  if (!text || !('fonts' in document)) return;
  const waits = document.querySelector('[data-serif-after-first-screen]') !== null;
  const load = () => {
    document.fonts.load(`600 1em "${FAMILY}"`, text).then(
      (faces) => {
        if (faces.length > 0) root.setAttribute('data-serif', '');
      },
      () => {
        // A slice that cannot load leaves the system's serif: the headings read the same.
      },
    );
  };
  const start = waits ? () => afterFirstScreen(load) : load;
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * The loading animation on the page: shown (by the boot script in the page) once per session; hides at 100 %, which
 * needs the 3D mask settled (hero.ts's 'home:hero-settled' event) and 3.5 s, or at 5 s whatever happens. A key or a
 * tap ends it at once: a visitor who wants to act is never held behind decoration (and keyboard focus is never left
 * hidden behind it).
 */
import { loaderDone, loaderProgress } from './loading.ts';

const html = document.documentElement;
// The panel, not <html>: the boot script marks <html> with the same attribute (its state), and <html> comes first.
const loader = document.querySelector<HTMLElement>('[role="progressbar"][data-home-loader]');

if (loader && html.getAttribute('data-home-loader') === 'show') {
  const bar = loader.querySelector<HTMLElement>('[data-home-loader-bar]');
  const label = loader.querySelector<HTMLElement>('[data-home-loader-value]');
  let settled = document.querySelector('[data-mask-stage]')?.getAttribute('data-state') !== null;
  window.addEventListener('home:hero-settled', () => (settled = true), { once: true });
  let timer = 0;

  const hide = (elapsed: number) => {
    window.clearTimeout(timer);
    window.removeEventListener('keydown', skip, true);
    window.removeEventListener('pointerdown', skip, true);
    html.setAttribute('data-home-loader', 'leaving');
    html.dataset.homeLoaderShownMs = String(Math.round(elapsed));
    window.setTimeout(() => html.setAttribute('data-home-loader', 'done'), 400);
  };
  function skip() {
    hide(performance.now());
  }
  window.addEventListener('keydown', skip, true);
  window.addEventListener('pointerdown', skip, true);

  const tick = () => {
    // Counted from the navigation's start: the time the visitor has actually been waiting. Five steps a second: the bar
    // eases between them (a transition), and the page under the panel is left alone.
    const elapsed = performance.now();
    const progress = loaderProgress(elapsed, settled);
    bar?.style.setProperty('--progress', String(progress / 100));
    if (label) label.textContent = `${progress}%`;
    loader.setAttribute('aria-valuenow', String(progress));
    if (loaderDone(elapsed, settled)) hide(elapsed);
    else timer = window.setTimeout(tick, 200);
  };
  tick();
}

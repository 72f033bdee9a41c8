/**
 * The loading animation on the page: shown (by the boot script in the page) once per session; hides at 100 %, which
 * needs the 3D mask settled (hero.ts's 'home:hero-settled' event) and 3.5 s, or at 5 s whatever happens.
 */
import { loaderDone, loaderProgress } from './loading.ts';

const html = document.documentElement;
const loader = document.querySelector<HTMLElement>('[data-home-loader]');

if (loader && html.getAttribute('data-home-loader') === 'show') {
  const bar = loader.querySelector<HTMLElement>('[data-home-loader-bar]');
  const label = loader.querySelector<HTMLElement>('[data-home-loader-value]');
  document.body.append(loader); // out of <main>, which goes inert below
  // Nothing behind the curtain takes focus while it is up.
  const behind = Array.from(document.body.children).filter((child) => child !== loader && !child.hasAttribute('inert'));
  let settled = document.querySelector('[data-mask-stage]')?.getAttribute('data-state') !== null;
  window.addEventListener('home:hero-settled', () => (settled = true), { once: true });
  behind.forEach((child) => child.setAttribute('inert', ''));

  const tick = () => {
    // Counted from the navigation's start: the time the visitor has actually been waiting.
    const elapsed = performance.now();
    const progress = loaderProgress(elapsed, settled);
    bar?.style.setProperty('--progress', `${progress}%`);
    if (label) label.textContent = `${progress}%`;
    loader.setAttribute('aria-valuenow', String(progress));
    if (loaderDone(elapsed, settled)) {
      html.setAttribute('data-home-loader', 'leaving');
      html.dataset.homeLoaderShownMs = String(Math.round(elapsed));
      behind.forEach((child) => child.removeAttribute('inert'));
      window.setTimeout(() => html.setAttribute('data-home-loader', 'done'), 400);
      return;
    }
    window.setTimeout(tick, 100);
  };
  tick();
}

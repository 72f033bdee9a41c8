/**
 * The home page's stacked modules: one module per wheel notch, key (PageUp/PageDown/arrows/Home/End) or swipe, with
 * a 1 s lock, and the back-to-top button once past the first module. Only on a large screen without reduced motion;
 * on a phone or with prefers-reduced-motion the page scrolls as any other (DESIGN.md: no wheel-jacking).
 */
import { currentIndex, MODULE_LOCK_MS, type Move, moveForKey, moveForSwipe, moveForWheel, StepLock, targetIndex } from './steps.ts';

const STACKED = '(min-width: 1024px) and (min-height: 600px) and (prefers-reduced-motion: no-preference)';

function editable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function setup(root: HTMLElement) {
  const modules = Array.from(root.querySelectorAll<HTMLElement>('[data-home-module]'));
  const topButton = document.querySelector<HTMLButtonElement>('[data-home-top]');
  const pager = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-home-pager]'));
  const header = document.querySelector<HTMLElement>('.site-header');
  const media = window.matchMedia(STACKED);
  const lock = new StepLock(MODULE_LOCK_MS);
  const html = document.documentElement;

  const tops = () => modules.map((module) => module.getBoundingClientRect().top + window.scrollY);
  const here = () => currentIndex(tops(), window.scrollY, window.innerHeight);
  const lastTop = () => tops()[modules.length - 1] ?? 0;

  // Only what changed is written, and the header's height only where the stacked layout uses it, on the modules'
  // root: a style written on <html> restyles the whole page, and on a phone this ran for nothing at every load.
  let headerHeight = '';
  function apply() {
    const stacked = media.matches;
    if (html.hasAttribute('data-home-stacked') !== stacked) html.toggleAttribute('data-home-stacked', stacked);
    if (!stacked) return;
    const height = `${header?.offsetHeight ?? 0}px`;
    if (height === headerHeight) return;
    headerHeight = height;
    root.style.setProperty('--home-header', height);
  }
  apply();
  media.addEventListener('change', apply);
  window.addEventListener('resize', apply, { passive: true });

  function go(index: number) {
    const top = index === 0 ? 0 : (tops()[index] ?? 0);
    root.dataset.current = String(index);
    window.scrollTo({ top, behavior: 'smooth' });
  }

  /** One step, if the lock allows; true when the event was ours (so its default must not also scroll). */
  function step(move: Move): void {
    if (!lock.take(performance.now())) return;
    go(targetIndex(here(), move, modules.length));
  }

  /** Past the last module's top the footer scrolls natively; going up from there returns to the last module. */
  function inFooter(): boolean {
    return window.scrollY > lastTop() + 2;
  }

  window.addEventListener(
    'wheel',
    (event) => {
      if (!media.matches || event.ctrlKey || event.defaultPrevented) return;
      const move = moveForWheel(event.deltaY);
      if (!move) return;
      const last = here() === modules.length - 1;
      if ('by' in move && move.by === 1 && last && !lock.locked(performance.now())) return; // on to the footer
      if (inFooter() && 'by' in move && move.by === 1) return;
      event.preventDefault();
      if (inFooter()) {
        if (lock.take(performance.now())) go(modules.length - 1);
        return;
      }
      step(move);
    },
    { passive: false },
  );

  window.addEventListener('keydown', (event) => {
    if (!media.matches || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (editable(event.target)) return;
    const move = moveForKey(event.key);
    if (!move) return;
    if (inFooter() && !('to' in move) && move.by === 1) return;
    event.preventDefault();
    if (inFooter() && 'by' in move) {
      if (lock.take(performance.now())) go(modules.length - 1);
      return;
    }
    step(move);
  });

  // A large touch screen (a tablet in landscape): vertical swipes step too. The fan carousel keeps its sideways swipe.
  let touchY: number | null = null;
  window.addEventListener(
    'touchstart',
    (event) => {
      const inFan = event.target instanceof Element && event.target.closest('[data-fan]');
      touchY = media.matches && !inFan && event.touches.length === 1 ? event.touches[0]!.clientY : null;
    },
    { passive: true },
  );
  window.addEventListener(
    'touchmove',
    (event) => {
      if (touchY !== null && !inFooter()) event.preventDefault();
    },
    { passive: false },
  );
  window.addEventListener('touchend', (event) => {
    if (touchY === null) return;
    const move = moveForSwipe(touchY, event.changedTouches[0]?.clientY ?? touchY);
    touchY = null;
    if (move) step(move);
  });

  // Back to top once past the first module; the pager shows where the visitor is.
  let frame = 0;
  function update() {
    frame = 0;
    const index = here();
    if (topButton) topButton.hidden = window.scrollY < (tops()[1] ?? window.innerHeight) - window.innerHeight / 3;
    pager.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'step');
      else dot.removeAttribute('aria-current');
    });
  }
  window.addEventListener('scroll', () => (frame ||= window.requestAnimationFrame(update)), { passive: true });
  update();

  topButton?.addEventListener('click', () => {
    lock.take(performance.now());
    go(0);
    document.getElementById('home-hero-title')?.focus({ preventScroll: true });
  });
  html.toggleAttribute('data-home-ready', true);
}

const root = document.querySelector<HTMLElement>('[data-home]');
if (root) setup(root);

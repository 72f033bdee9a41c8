/**
 * The fan carousel of the 9 curated hot items: buttons, ←/→ when it has focus, and a sideways swipe of at least
 * 50 px, each under an 800 ms lock (the fan's animation). Off-fan cards are inert, so Tab reaches only the card in
 * front. With prefers-reduced-motion the cards stay an ordinary scrollable row (DESIGN.md).
 */
import { FAN_LOCK_MS, fanOffset, fanTarget, type Move, moveForSwipe, StepLock } from './steps.ts';

function setup(fan: HTMLElement) {
  const cards = Array.from(fan.querySelectorAll<HTMLElement>('[data-fan-card]'));
  const count = fan.querySelector<HTMLElement>('[data-fan-count]');
  const lock = new StepLock(FAN_LOCK_MS);
  let active = 0;

  function render() {
    cards.forEach((card, index) => {
      const offset = fanOffset(index, active, cards.length);
      card.style.setProperty('--o', String(offset));
      card.style.zIndex = String(10 - Math.abs(offset));
      card.dataset.far = String(Math.abs(offset) > 3);
      card.toggleAttribute('inert', offset !== 0);
      if (offset === 0) card.setAttribute('aria-current', 'true');
      else card.removeAttribute('aria-current');
    });
    if (count) count.textContent = `${active + 1} / ${cards.length}`;
    fan.dataset.active = String(active);
  }

  function move(to: Move) {
    if (!lock.take(performance.now())) return;
    active = fanTarget(active, to, cards.length);
    render();
  }

  fan.dataset.ready = 'true';
  render();
  fan.querySelector('[data-fan-prev]')?.addEventListener('click', () => move({ by: -1 }));
  fan.querySelector('[data-fan-next]')?.addEventListener('click', () => move({ by: 1 }));
  fan.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      move({ by: event.key === 'ArrowRight' ? 1 : -1 });
    }
  });
  let startX: number | null = null;
  fan.addEventListener(
    'touchstart',
    (event) => {
      startX = event.touches.length === 1 ? event.touches[0]!.clientX : null;
    },
    { passive: true },
  );
  fan.addEventListener('touchend', (event) => {
    if (startX === null) return;
    const swipe = moveForSwipe(startX, event.changedTouches[0]?.clientX ?? startX);
    startX = null;
    if (swipe) move(swipe);
  });
}

if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
  document.querySelectorAll<HTMLElement>('[data-fan]').forEach(setup);
}

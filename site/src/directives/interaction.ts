/**
 * client:interaction — an island that hydrates on the visitor's first interaction with it (the pointer coming over
 * it, a touch, keyboard focus), not while the page loads: its server-rendered HTML is the page until then, and no
 * script runs for it on a visit that never uses it. A click (or a key's click) that arrives before hydration has
 * finished is held and given again to the same element once the island's framework (Preact) is listening (a form's
 * submit button that waits for JavaScript is enabled by the boot script, site/src/layouts/boot.ts, so its press arrives).
 *
 * client:interaction="query" hydrates at once when the address carries a query or a fragment: an island that follows
 * the address (a page number, an open item) must show it, which its server-rendered first view does not.
 */
import type { ClientDirective } from 'astro';

const STARTERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

const interaction: ClientDirective = (load, options, island) => {
  let state: 'waiting' | 'loading' | 'ready' = 'waiting';
  let heldClick: Element | undefined;

  const start = () => {
    if (state !== 'waiting') return;
    state = 'loading';
    for (const type of STARTERS) island.removeEventListener(type, start);
    void (async () => {
      const hydrate = await load();
      await hydrate();
      // A task later: the renders the island queued as it started (values typed before hydration, an enabled button) are done.
      await new Promise((resolve) => setTimeout(resolve, 0));
      state = 'ready';
      island.removeEventListener('click', hold, true);
      const target = heldClick;
      heldClick = undefined;
      if (!target?.isConnected) return;
      // An icon inside a button is an SVG element, which has no click(): dispatch the event itself.
      if (target instanceof HTMLElement) target.click();
      else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    })();
  };
  const hold = (event: Event) => {
    if (state === 'ready') return;
    event.preventDefault();
    event.stopPropagation();
    if (event.target instanceof Element) heldClick = event.target;
    start();
  };

  for (const type of STARTERS) island.addEventListener(type, start, { passive: true });
  island.addEventListener('click', hold, true);
  if (options.value === 'query' && (window.location.search || window.location.hash)) start();
};

export default interaction;

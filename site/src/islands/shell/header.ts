/**
 * The nav bar's behaviour without a framework: hide/show on scroll, the mobile menu button, the province list,
 * the 长辈模式 toggle (remembered in localStorage; the boot script applies it before paint), the avatar and the
 * clock. No framework on the bar: a page whose own content is static runs no framework at all.
 */
import { ELDER_KEY } from '../../layouts/boot.ts';
import { setupNavClock } from './nav-clock.ts';
import { setupNavUser } from './nav-user.ts';
import { initialBar, nextBar } from './scroll.ts';
import { loadSerifFont } from './serif-font.ts';

function setupScroll(header: HTMLElement) {
  let state = initialBar(window.scrollY);
  let previous = window.scrollY;
  let frame = 0;
  window.addEventListener(
    'scroll',
    () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        state = nextBar(state, y, previous);
        previous = y;
        // Never hide the bar under the keyboard focus or an open menu.
        const busy = header.contains(document.activeElement) || header.dataset.menu === 'open';
        header.dataset.hidden = String(state.hidden && !busy);
      });
    },
    { passive: true },
  );
  header.addEventListener('focusin', () => (header.dataset.hidden = 'false'));
}

function setupMenu(header: HTMLElement) {
  const button = header.querySelector<HTMLButtonElement>('[data-menu-button]');
  if (!button) return;
  const close = () => {
    header.dataset.menu = 'closed';
    button.setAttribute('aria-expanded', 'false');
  };
  button.addEventListener('click', () => {
    const open = header.dataset.menu !== 'open';
    header.dataset.menu = open ? 'open' : 'closed';
    button.setAttribute('aria-expanded', String(open));
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && header.dataset.menu === 'open') {
      close();
      button.focus();
    }
  });
  window.matchMedia('(min-width: 1024px)').addEventListener('change', close);
}

function setupProvinces(header: HTMLElement) {
  const details = header.querySelector<HTMLDetailsElement>('[data-provinces]');
  if (!details) return;
  document.addEventListener('click', (event) => {
    if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false;
      details.querySelector('summary')?.focus();
    }
  });
}

function setupElderMode(header: HTMLElement) {
  const root = document.documentElement;
  for (const toggle of header.querySelectorAll<HTMLButtonElement>('[data-elder-toggle]')) {
    toggle.setAttribute('aria-pressed', String(root.hasAttribute('data-elder')));
    toggle.addEventListener('click', () => {
      const on = !root.hasAttribute('data-elder');
      root.toggleAttribute('data-elder', on);
      try {
        if (on) localStorage.setItem(ELDER_KEY, '1');
        else localStorage.removeItem(ELDER_KEY);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      for (const other of header.querySelectorAll('[data-elder-toggle]')) other.setAttribute('aria-pressed', String(on));
    });
  }
}

loadSerifFont();
const header = document.getElementById('site-header');
if (header) {
  setupScroll(header);
  setupMenu(header);
  setupProvinces(header);
  setupElderMode(header);
  const user = header.querySelector<HTMLElement>('[data-nav-user]');
  if (user) setupNavUser(user);
  const clock = header.querySelector<HTMLElement>('[data-nav-clock]');
  if (clock) setupNavClock(clock);
  // Tests (and anything else) can tell that the bar now follows logins and the clock.
  header.dataset.ready = 'true';
}

/**
 * Wires a slideshow rendered as static HTML (the inheritors page's banner and its 3-image
 * carousel): one slide shown at a time, indicator buttons, autoplay that pauses while the pointer
 * or the keyboard focus is inside and on the pause button, and none at all with reduced motion.
 *
 * Markup: [data-slideshow][data-interval] holding [data-slide] elements, [data-go="n"] buttons and
 * an optional [data-toggle] button. The first slide is the one shown without JavaScript. With
 * data-reduced="row", reduced motion shows every slide in a row that scrolls by hand instead.
 */
export function nextSlide(current: number, count: number, step = 1): number {
  return (((current + step) % count) + count) % count;
}

/**
 * The hidden slides' pictures wait for the page's load (CSS keeps them out until [data-ready]): on a slow line they
 * would otherwise share it with the first screen's picture.
 */
function readyAfterLoad(root: HTMLElement): void {
  const ready = () => root.setAttribute('data-ready', '');
  if (document.readyState === 'complete') ready();
  else window.addEventListener('load', ready, { once: true });
}

export function initSlideshow(root: HTMLElement): void {
  readyAfterLoad(root);
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-go]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-toggle]');
  const interval = Number(root.dataset.interval ?? 3000);
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (slides.length < 2) return;
  if (reduced && root.dataset.reduced === 'row') {
    // Reduced motion: all slides side by side in a row that scrolls by hand.
    root.classList.add('as-row');
    for (const slide of slides) {
      slide.removeAttribute('inert');
      slide.removeAttribute('aria-hidden');
    }
    return;
  }

  let current = 0;
  let hovered = false;
  let focused = false;
  let stopped = reduced; // reduced motion: never advances by itself
  let timer: number | undefined;

  const show = (index: number) => {
    current = index;
    slides.forEach((slide, i) => {
      const active = i === index;
      slide.classList.toggle('is-active', active);
      slide.toggleAttribute('inert', !active);
      slide.setAttribute('aria-hidden', String(!active));
    });
    dots.forEach((dot, i) => dot.setAttribute('aria-current', String(i === index)));
    root.dataset.current = String(index);
  };
  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    if (stopped || hovered || focused) return;
    timer = window.setInterval(() => show(nextSlide(current, slides.length)), interval);
  };
  const renderToggle = () => {
    if (!toggle) return;
    toggle.setAttribute('aria-pressed', String(stopped));
    toggle.textContent = stopped ? '播放' : '暂停';
    toggle.setAttribute('aria-label', stopped ? '自动播放' : '暂停自动播放');
  };

  dots.forEach((dot) =>
    dot.addEventListener('click', () => {
      show(Number(dot.dataset.go));
      schedule();
    }),
  );
  toggle?.addEventListener('click', () => {
    stopped = !stopped;
    renderToggle();
    schedule();
  });
  root.addEventListener('pointerenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('pointerleave', () => {
    hovered = false;
    schedule();
  });
  root.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) {
      focused = false;
      schedule();
    }
  });
  show(0);
  renderToggle();
  schedule();
}

/**
 * The map's behaviour over the SVG drawn at build time (lib/map/svg.ts): a tooltip per province (its national items
 * and inheritors, a highlighted one's representative items), a click to its /area page — on a touch screen the first
 * tap shows the tooltip and a second tap opens it — and, for a map the page fetches when it comes near (the home
 * page's module), the fetch with '加载地图数据失败' and a retry. Plain DOM: no chart library runs in the browser.
 */
import { clickAction, MAP_FAILED, type MapTip, tooltipHtml } from '../../lib/map/options.ts';

type MapState = 'loading' | 'ready' | 'failed';

function setState(root: HTMLElement, state: MapState) {
  root.dataset.state = state;
}

/** Places the tooltip near the pointer, inside the map's box. */
function place(tooltip: HTMLElement, root: HTMLElement, clientX: number, clientY: number) {
  const box = root.getBoundingClientRect();
  const gap = 14;
  const width = tooltip.offsetWidth;
  const height = tooltip.offsetHeight;
  let left = clientX - box.left + gap;
  let top = clientY - box.top + gap;
  if (left + width > box.width) left = Math.max(0, clientX - box.left - gap - width);
  if (top + height > box.height) top = Math.max(0, clientY - box.top - gap - height);
  tooltip.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
}

function wire(root: HTMLElement, rows: readonly MapTip[]) {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const tooltip = root.querySelector<HTMLElement>('[data-map-tooltip]');
  if (!tooltip) return;
  let shown: string | undefined;
  let armed: string | undefined;
  // Whether the click comes from a finger: the pointerdown that started it says so (the click event may not).
  let pointer = 'mouse';

  const provinceAt = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest('[data-province]')?.getAttribute('data-province') ?? undefined) : undefined;

  const show = (name: string, clientX: number, clientY: number, touch: boolean) => {
    if (shown !== name) {
      tooltip.innerHTML = tooltipHtml(byName.get(name), name, touch);
      shown = name;
    }
    tooltip.hidden = false;
    place(tooltip, root, clientX, clientY);
  };
  const hide = () => {
    tooltip.hidden = true;
    shown = undefined;
  };

  root.addEventListener('pointerdown', (event) => (pointer = event.pointerType), { capture: true, passive: true });
  root.addEventListener('pointermove', (event) => {
    if (event.pointerType !== 'mouse') return;
    const name = provinceAt(event.target);
    if (name) show(name, event.clientX, event.clientY, false);
    else hide();
  });
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') hide();
  });
  root.addEventListener('click', (event) => {
    const name = provinceAt(event.target);
    const touch = pointer === 'touch' || pointer === 'pen';
    const next = clickAction(armed, name, touch, (candidate) => byName.has(candidate));
    armed = next.armed;
    if (next.open && name) {
      window.location.assign(byName.get(name)!.href);
      return;
    }
    if (name && touch) show(name, event.clientX, event.clientY, true);
    else if (!name) hide();
  });
}

async function fetchInto(root: HTMLElement, source: string) {
  const canvas = root.querySelector<HTMLElement>('[data-map-canvas]');
  if (!canvas) return;
  setState(root, 'loading');
  try {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    const markup = await response.text();
    if (!markup.startsWith('<svg')) throw new Error(`${source} is not the map`);
    // Our own build's drawing (no scripts in it): parsed into the page as it is.
    canvas.innerHTML = markup;
    setState(root, 'ready');
  } catch (error) {
    console.warn(MAP_FAILED, error);
    setState(root, 'failed');
  }
}

function setup(root: HTMLElement) {
  const rows = JSON.parse(root.dataset.provinces ?? '[]') as MapTip[];
  wire(root, rows);
  const source = root.dataset.source;
  if (!source) return;
  root.querySelector('[data-map-retry]')?.addEventListener('click', () => void fetchInto(root, source));
  // Fetched when the map comes within 400 px of the viewport: never with the first screen.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void fetchInto(root, source);
    },
    { rootMargin: '400px' },
  );
  observer.observe(root);
}

for (const root of document.querySelectorAll<HTMLElement>('[data-china-map]')) setup(root);

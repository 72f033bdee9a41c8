/**
 * The culture banner's behaviour over its static HTML (components/culture/CultureBanner.astro): every 7 s the next
 * clip, played muted over its poster; indicators that switch slides; a pause button; nothing moving by itself under
 * prefers-reduced-motion. The clip element is made only once the page has loaded: the first screen waits for no video.
 */
import { BANNER_INTERVAL_MS, nextSlide } from '../../lib/culture/banner.ts';

interface Slide {
  slug: string;
  title: string;
  caption: string;
  poster: string;
  webm: string;
  mp4: string;
}

export function setupCultureBanner(root: HTMLElement) {
  const slides = JSON.parse(root.dataset.slides ?? '[]') as Slide[];
  const stage = root.querySelector<HTMLElement>('[data-banner-stage]');
  const poster = root.querySelector<HTMLImageElement>('[data-banner-poster]');
  const caption = root.querySelector<HTMLElement>('[data-banner-caption]');
  const title = root.querySelector<HTMLElement>('[data-banner-title]');
  const text = root.querySelector<HTMLElement>('[data-banner-text]');
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-banner-go]')];
  const pause = root.querySelector<HTMLButtonElement>('[data-banner-pause]');
  if (slides.length === 0 || !stage || !poster || !caption || !title || !text || !pause) return;

  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let index = 0;
  let paused = false;
  let timer: number | undefined;
  let video: HTMLVideoElement | undefined;
  let loaded = document.readyState === 'complete';

  const motion = () => !reduced.matches;
  const playing = () => motion() && !paused;

  const showClip = () => {
    video?.remove();
    video = undefined;
    if (!motion() || !loaded) return;
    const slide = slides[index]!;
    const clip = document.createElement('video');
    clip.className = 'absolute inset-x-0 top-0 bottom-px h-[calc(100%-1px)] w-full object-cover';
    clip.muted = true;
    clip.playsInline = true;
    clip.preload = 'auto';
    clip.setAttribute('aria-hidden', 'true');
    for (const [src, type] of [
      [slide.webm, 'video/webm'],
      [slide.mp4, 'video/mp4'],
    ] as const) {
      const source = document.createElement('source');
      source.src = src;
      source.type = type;
      clip.append(source);
    }
    stage.append(clip);
    video = clip;
    if (playing()) void clip.play().catch(() => undefined);
  };

  const schedule = () => {
    window.clearTimeout(timer);
    timer = playing() ? window.setTimeout(() => show(nextSlide(index)), BANNER_INTERVAL_MS) : undefined;
  };

  const show = (next: number) => {
    index = next;
    const slide = slides[index]!;
    poster.src = slide.poster;
    poster.fetchPriority = index === 0 ? 'high' : 'auto';
    title.textContent = slide.title;
    text.textContent = slide.caption;
    dots.forEach((dot, i) => (i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    showClip();
    schedule();
  };

  const update = () => {
    pause.hidden = !motion();
    pause.textContent = paused ? '播放' : '暂停';
    pause.setAttribute('aria-pressed', String(paused));
    // A slide that changes by itself is not announced; one the visitor chose (or any, when nothing moves) is.
    caption.setAttribute('aria-live', playing() ? 'off' : 'polite');
    if (video) {
      if (playing()) void video.play().catch(() => undefined);
      else video.pause();
    }
    schedule();
  };

  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)));
  pause.addEventListener('click', () => {
    paused = !paused;
    update();
  });
  reduced.addEventListener('change', () => {
    showClip();
    update();
  });
  update();
  if (!loaded)
    window.addEventListener(
      'load',
      () => {
        loaded = true;
        showClip();
      },
      { once: true },
    );
  else showClip();
  root.dataset.ready = '';
}

/**
 * The hero's 3D mask, started after the first paint. The still image in the HTML stays until the first 3D frame is
 * drawn, and stays for good (with a message) when WebGL is missing or something fails — never a page error.
 * three.js is loaded only here, by a dynamic import, so no other page and no first paint pays for it.
 */

import type { FromWorker, ToWorker } from './mask-worker.ts';

/** The 3D viewer's messages. */
export const HERO_MESSAGES = {
  noWebgl: '您的浏览器不支持WebGL',
  modelFailed: '模型加载失败',
  rendererFailed: '3D渲染初始化失败',
} as const;

export type HeroState = 'running' | 'unsupported' | 'model-failed' | 'renderer-failed';

function webglAvailable(): boolean {
  try {
    const probe = document.createElement('canvas');
    return Boolean(probe.getContext('webgl2') ?? probe.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The artwork at the texture's size as a raster (site/scripts/mask-texture.ts paints it from mask.svg): decoded off
 * the main thread, by the worker itself where the mask draws in one.
 */
export const TEXTURE_URL = '/images/home/mask-texture.webp';
/** The artwork's size as the texture (mask-scene.ts's TEXTURE_SIZE; repeated so this file never loads three.js). */
const TEXTURE = { width: 960, height: 1120 } as const;

/** The artwork painted on a canvas, for the page's own drawing where there is no worker. */
async function paintedArtwork(): Promise<HTMLCanvasElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = TEXTURE_URL;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = TEXTURE.width;
  canvas.height = TEXTURE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

const offscreenSupported = () =>
  typeof OffscreenCanvas !== 'undefined' &&
  typeof Worker !== 'undefined' &&
  typeof createImageBitmap === 'function' &&
  'transferControlToOffscreen' in HTMLCanvasElement.prototype;

/** What the page does while the mask runs: size, and whether it is worth drawing (on screen, tab visible). */
interface Driver {
  resize(width: number, height: number): void;
  setRunning(running: boolean): void;
}

/** In a worker on an OffscreenCanvas: three.js and every frame off the main thread. */
function inWorker(canvas: HTMLCanvasElement, options: { rotate: boolean; width: number; height: number }) {
  return new Promise<{ result: HeroState; driver?: Driver }>((resolve) => {
    const worker = new Worker(new URL('./mask-worker.ts', import.meta.url), { type: 'module' });
    const offscreen = canvas.transferControlToOffscreen();
    const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
    worker.addEventListener('error', () => resolve({ result: 'model-failed' }), { once: true });
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'frames') canvas.dataset.frames = String(message.count);
      else if (message.result !== 'running') resolve({ result: message.result });
      else
        resolve({
          result: 'running',
          driver: {
            resize: (width, height) => send({ type: 'resize', width, height }),
            setRunning: (running) => send({ type: 'running', running }),
          },
        });
    });
    const artworkUrl = new URL(TEXTURE_URL, window.location.href).href;
    send({ type: 'start', canvas: offscreen, artworkUrl, devicePixelRatio: window.devicePixelRatio, ...options }, [offscreen]);
  });
}

/** On the page, where OffscreenCanvas is missing. */
async function onPage(canvas: HTMLCanvasElement, artwork: HTMLCanvasElement, options: { rotate: boolean; width: number; height: number }) {
  const scene = await import('./mask-scene.ts');
  const started = scene.startMaskScene(canvas, artwork, {
    ...options,
    devicePixelRatio: window.devicePixelRatio,
    requestFrame: (draw) => window.requestAnimationFrame(draw),
    cancelFrame: (handle) => window.cancelAnimationFrame(handle),
  });
  if (typeof started === 'string') return { result: started };
  return { result: 'running' as const, driver: started };
}

function setup(stage: HTMLElement) {
  const host = stage.querySelector<HTMLElement>('[data-mask-canvas]')!;
  const status = stage.querySelector<HTMLElement>('[data-mask-status]')!;

  const settle = (state: HeroState, message = '') => {
    stage.dataset.state = state;
    status.textContent = message;
    window.dispatchEvent(new CustomEvent('home:hero-settled', { detail: state }));
  };

  const start = async () => {
    if (!webglAvailable()) return settle('unsupported', HERO_MESSAGES.noWebgl);
    const options = {
      rotate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
      width: host.clientWidth || 1,
      height: host.clientHeight || 1,
    };
    const canvas = document.createElement('canvas');
    host.append(canvas);
    let started: { result: HeroState; driver?: Driver | undefined };
    try {
      started = offscreenSupported() ? await inWorker(canvas, options) : await onPage(canvas, await paintedArtwork(), options);
    } catch {
      started = { result: 'model-failed' };
    }
    const { result, driver } = started;
    if (result !== 'running' || !driver) {
      canvas.remove();
      return settle(result, result === 'renderer-failed' ? HERO_MESSAGES.rendererFailed : HERO_MESSAGES.modelFailed);
    }
    // Drawn only while on screen, in a visible tab and not under the first visit's loading panel (opaque, the whole
    // screen): no frames, no battery otherwise. The first frame is drawn before this (the loader waits for it); the
    // rest wait for the panel to leave, so the page's own first work never shares the CPU with them.
    let onScreen = true;
    const html = document.documentElement;
    const underLoader = () => html.getAttribute('data-home-loader') === 'show';
    const update = () => driver.setRunning(onScreen && !document.hidden && !underLoader());
    if (underLoader()) {
      const loaderWatch = new MutationObserver(() => {
        if (underLoader()) return;
        loaderWatch.disconnect();
        update();
      });
      loaderWatch.observe(html, { attributes: true, attributeFilter: ['data-home-loader'] });
    }
    new IntersectionObserver(([entry]) => {
      onScreen = Boolean(entry?.isIntersecting);
      update();
    }).observe(host);
    document.addEventListener('visibilitychange', update);
    new ResizeObserver(() => driver.resize(host.clientWidth || 1, host.clientHeight || 1)).observe(host);
    update();
    settle('running');
  };

  // After the first paint and the page's own load, so the 3D never competes with the first screen.
  const begin = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void start(), { timeout: 1500 });
  };
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}

const stage = document.querySelector<HTMLElement>('[data-mask-stage]');
if (stage) setup(stage);

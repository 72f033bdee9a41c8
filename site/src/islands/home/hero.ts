/**
 * The hero's 3D mask, started after the first paint. The still image in the HTML stays until the first 3D frame is
 * drawn, and stays for good (with a message) when WebGL is missing or something fails — never a page error.
 * three.js is loaded only here, by a dynamic import, so no other page and no first paint pays for it.
 */

/** Spec part 1 §8, the 3D viewer's messages. */
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
    const scene = await import('./mask-scene.ts').catch(() => null);
    if (!scene) return settle('model-failed', HERO_MESSAGES.modelFailed);
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const result = await scene.startMaskScene(host, { rotate: !reduced, textureUrl: '/images/home/mask.svg?texture' });
    if (result === 'running') settle('running');
    else settle(result, result === 'model-failed' ? HERO_MESSAGES.modelFailed : HERO_MESSAGES.rendererFailed);
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

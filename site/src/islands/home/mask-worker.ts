/**
 * The hero's 3D mask drawn in a worker on an OffscreenCanvas: three.js is parsed and every frame is drawn off the
 * page's main thread, so scrolling, typing and clicks never wait for the 3D (measured: with the mask on the main
 * thread, Lighthouse's mobile profile counted 0.7–1 s of blocking time, all of it frames).
 */
import { type MaskScene, startMaskScene } from './mask-scene.ts';

export type ToWorker =
  | {
      type: 'start';
      canvas: OffscreenCanvas;
      /** The texture (a raster): fetched and decoded here, off the page's main thread. */
      artworkUrl: string;
      width: number;
      height: number;
      devicePixelRatio: number;
      rotate: boolean;
    }
  | { type: 'resize'; width: number; height: number }
  | { type: 'running'; running: boolean };

export type FromWorker = { type: 'result'; result: 'running' | 'model-failed' | 'renderer-failed' } | { type: 'frames'; count: number };

/** The parts of a dedicated worker's global scope used here (the site's types are the page's, not a worker's). */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
  requestAnimationFrame?: (draw: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  setInterval(run: () => void, ms: number): number;
}

const worker = self as unknown as WorkerScope;
const post = (message: FromWorker) => worker.postMessage(message);

// A worker has requestAnimationFrame in Chromium and Firefox; elsewhere a 60 Hz timer stands in.
const requestFrame = (draw: () => void): number =>
  worker.requestAnimationFrame ? worker.requestAnimationFrame(draw) : worker.setTimeout(draw, 16);
const cancelFrame = (handle: number): void =>
  worker.cancelAnimationFrame ? worker.cancelAnimationFrame(handle) : worker.clearTimeout(handle);

let scene: MaskScene | undefined;

worker.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'start') void start(message);
  else if (message.type === 'resize') {
    scene?.resize(message.width, message.height);
  } else {
    scene?.setRunning(message.running);
  }
});

async function start(message: Extract<ToWorker, { type: 'start' }>) {
  let artwork: ImageBitmap;
  try {
    const response = await fetch(message.artworkUrl);
    if (!response.ok) throw new Error(`texture answered ${response.status}`);
    artwork = await createImageBitmap(await response.blob(), { imageOrientation: 'flipY' });
  } catch {
    return post({ type: 'result', result: 'model-failed' });
  }
  let started: ReturnType<typeof startMaskScene>;
  try {
    started = startMaskScene(message.canvas, artwork, { ...message, requestFrame, cancelFrame });
  } catch {
    started = 'renderer-failed';
  }
  if (typeof started === 'string') return post({ type: 'result', result: started });
  scene = started;
  post({ type: 'result', result: 'running' });
  // The frames drawn, once a second (the page shows nothing of it; the benchmark reads the rate).
  worker.setInterval(() => post({ type: 'frames', count: scene?.frames() ?? 0 }), 1000);
}

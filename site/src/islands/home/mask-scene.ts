/**
 * A Peking-opera mask built procedurally: a half ellipsoid shaped into a face (brow ridge, nose, narrowing chin)
 * and painted with the site's own mask artwork (public/images/home/mask.svg), cut to the face's outline by its
 * alpha. Lit by a warm key light and a cool rim; it sways slowly. No DOM here: the scene draws on a canvas it is
 * given, so it runs in a worker on an OffscreenCanvas (mask-worker.ts) or, where that is missing, on the page.
 */
import {
  AmbientLight,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  Mesh,
  MeshPhongMaterial,
  PerspectiveCamera,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  Texture,
  Timer,
  WebGLRenderer,
} from 'three';

/** The SVG's face box (viewBox 480 × 560): x 60…420, y 40…524. */
const SVG = { width: 480, height: 560, left: 60, right: 420, top: 40, bottom: 524 };
const HALF_WIDTH = 0.86;
const HALF_HEIGHT = 1.16;
/** The artwork is painted at this size for the texture. */
export const TEXTURE_SIZE = { width: 960, height: 1120 } as const;

/** The face: the front half of a sphere, shaped and UV-mapped by a straight front projection onto the artwork. */
function faceGeometry(): SphereGeometry {
  const geometry = new SphereGeometry(1, 64, 64, 0, Math.PI, 0, Math.PI);
  const position = geometry.attributes.position!;
  const uv = geometry.attributes.uv!;
  for (let i = 0; i < position.count; i += 1) {
    // three's sphere puts phi = 0…π on the +z side with x = −cos(phi)·sin(theta).
    let x = position.getX(i) * HALF_WIDTH * 1.1;
    const y = position.getY(i) * HALF_HEIGHT * 1.06;
    let z = position.getZ(i) * 0.5;
    // Narrow the jaw, flatten the forehead a little, raise a nose ridge and a brow ridge.
    if (y < 0) x *= 1 - 0.22 * (y / HALF_HEIGHT) ** 2;
    z += 0.11 * Math.exp(-(x * x) / 0.012) * Math.exp(-((y + 0.12) ** 2) / 0.09);
    z += 0.05 * Math.exp(-((y - 0.3) ** 2) / 0.01) * Math.exp(-((Math.abs(x) - 0.36) ** 2) / 0.05);
    position.setXYZ(i, x, y, z);
    const u = (SVG.left + ((x / HALF_WIDTH + 1) / 2) * (SVG.right - SVG.left)) / SVG.width;
    const svgY = SVG.bottom - ((y / HALF_HEIGHT + 1) / 2) * (SVG.bottom - SVG.top);
    uv.setXY(i, u, 1 - svgY / SVG.height);
  }
  geometry.computeVertexNormals();
  return geometry;
}

export type SceneResult = 'running' | 'model-failed' | 'renderer-failed';

export interface MaskSceneOptions {
  rotate: boolean;
  width: number;
  height: number;
  devicePixelRatio: number;
  /** Schedules the next frame: the page's or the worker's requestAnimationFrame. */
  requestFrame: (draw: () => void) => number;
  cancelFrame: (handle: number) => void;
}

export interface MaskScene {
  resize(width: number, height: number): void;
  /** Draws continuously while true (on screen, tab visible); stops drawing while false. */
  setRunning(running: boolean): void;
  /** Frames drawn so far (the benchmark reads the rate). */
  frames(): number;
}

/**
 * Builds the scene on `canvas` with the artwork already painted (`artwork`: an ImageBitmap painted upside down, or a
 * canvas). Answers the scene, or why it could not start.
 */
export function startMaskScene(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  artwork: ImageBitmap | HTMLCanvasElement,
  options: MaskSceneOptions,
): MaskScene | Exclude<SceneResult, 'running'> {
  let renderer: WebGLRenderer;
  try {
    // No MSAA and at most 1.5 device pixels per CSS pixel: the mask's soft edges need neither, and a phone or a
    // machine drawing WebGL on its CPU keeps its frame rate.
    renderer = new WebGLRenderer({ canvas, antialias: false, alpha: true, powerPreference: 'low-power' });
    renderer.setPixelRatio(Math.min(options.devicePixelRatio, 1.5));
    renderer.outputColorSpace = SRGBColorSpace;
  } catch {
    return 'renderer-failed';
  }

  let mask: Group;
  try {
    const texture = new Texture(artwork);
    // An ImageBitmap is uploaded as painted (three cannot flip it): it was painted upside down for this.
    texture.flipY = !(typeof ImageBitmap !== 'undefined' && artwork instanceof ImageBitmap);
    texture.colorSpace = SRGBColorSpace;
    texture.anisotropy = 4;
    texture.needsUpdate = true;
    // Phong: a lacquer sheen at a fraction of the physically based material's cost per pixel.
    const material = new MeshPhongMaterial({
      map: texture,
      alphaTest: 0.5,
      side: DoubleSide,
      shininess: 36,
      specular: new Color('#4a3b30'),
    });
    mask = new Group();
    mask.add(new Mesh(faceGeometry(), material));
  } catch {
    renderer.dispose();
    return 'model-failed';
  }

  const scene = new Scene();
  scene.add(mask);
  scene.add(new AmbientLight(new Color('#f7f3e9'), 1.1));
  const key = new DirectionalLight(new Color('#fff1dc'), 2.4);
  key.position.set(-2, 2.5, 3);
  scene.add(key);
  const rim = new DirectionalLight(new Color('#9fb8c8'), 1.2);
  rim.position.set(2.5, 0.5, -1.5);
  scene.add(rim);
  const camera = new PerspectiveCamera(32, 1, 0.1, 20);
  camera.position.set(0, 0, 4.6);

  let size = { width: Math.max(1, options.width), height: Math.max(1, options.height) };
  const resize = (width: number, height: number) => {
    size = { width: Math.max(1, width), height: Math.max(1, height) };
    renderer.setSize(size.width, size.height, false);
    camera.aspect = size.width / size.height;
    camera.updateProjectionMatrix();
  };
  resize(size.width, size.height);

  const timer = new Timer();
  let running = false;
  let handle = 0;
  let drawn = 0;
  // Adaptive resolution: while frames take longer than a 55 fps budget (50 fps is the aim, with a margin), draw fewer
  // pixels (down to half).
  let pixelRatio = renderer.getPixelRatio();
  let slowFrames = 0;
  const adapt = (delta: number) => {
    slowFrames = delta > 1 / 55 ? slowFrames + 1 : Math.max(0, slowFrames - 1);
    if (slowFrames < 10 || pixelRatio <= 0.5) return;
    slowFrames = 0;
    pixelRatio = Math.max(0.5, pixelRatio * 0.75);
    renderer.setPixelRatio(pixelRatio);
    resize(size.width, size.height);
  };
  const draw = () => {
    timer.update();
    const t = timer.getElapsed();
    if (options.rotate && running) adapt(timer.getDelta());
    mask.rotation.y = options.rotate ? Math.sin(t * 0.45) * 0.55 : -0.25;
    mask.rotation.x = options.rotate ? Math.sin(t * 0.3) * 0.05 : 0.02;
    renderer.render(scene, camera);
    drawn += 1;
  };
  const loop = () => {
    handle = 0;
    draw();
    if (running) handle = options.requestFrame(loop);
  };

  try {
    draw();
  } catch {
    return 'renderer-failed';
  }
  return {
    resize: (width, height) => {
      resize(width, height);
      if (!running) draw();
    },
    setRunning: (next) => {
      running = next && options.rotate;
      if (running && !handle) handle = options.requestFrame(loop);
      if (!running && handle) {
        options.cancelFrame(handle);
        handle = 0;
      }
    },
    frames: () => drawn,
  };
}

/**
 * A Peking-opera mask built procedurally: a half ellipsoid shaped into a face (brow ridge, nose, narrowing chin)
 * and painted with the site's own mask artwork (public/images/home/mask.svg), cut to the face's outline by its
 * alpha. Lit by a warm key light and a cool rim; it sways slowly, and stops drawing when off-screen or when the tab
 * is hidden. Only imported by hero.ts, after the first paint.
 */
import {
  AmbientLight,
  CanvasTexture,
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
  Timer,
  WebGLRenderer,
} from 'three';

/** The SVG's face box (viewBox 480 × 560): x 60…420, y 40…524. */
const SVG = { width: 480, height: 560, left: 60, right: 420, top: 40, bottom: 524 };
const HALF_WIDTH = 0.86;
const HALF_HEIGHT = 1.16;

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

async function artwork(url: string): Promise<CanvasTexture> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 960;
  canvas.height = 1120;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return texture;
}

export type SceneResult = 'running' | 'model-failed' | 'renderer-failed';

export async function startMaskScene(host: HTMLElement, options: { rotate: boolean; textureUrl: string }): Promise<SceneResult> {
  let renderer: WebGLRenderer;
  try {
    // No MSAA and at most 1.5 device pixels per CSS pixel: the mask's soft edges need neither, and a phone or a
    // machine drawing WebGL on its CPU keeps its frame rate (and its main thread) for the page.
    renderer = new WebGLRenderer({ antialias: false, alpha: true, powerPreference: 'low-power' });
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 1.5));
    renderer.outputColorSpace = SRGBColorSpace;
  } catch {
    return 'renderer-failed';
  }

  let mask: Group;
  try {
    const texture = await artwork(options.textureUrl);
    // Phong: a lacquer sheen at a fraction of the physically based material's cost per pixel.
    const material = new MeshPhongMaterial({
      map: texture,
      alphaTest: 0.5,
      side: DoubleSide,
      shininess: 36,
      specular: new Color('#4a3b30'),
    });
    const face = new Mesh(faceGeometry(), material);
    mask = new Group();
    mask.add(face);
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

  const resize = () => {
    const width = host.clientWidth || 1;
    const height = host.clientHeight || 1;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  };
  resize();
  new ResizeObserver(resize).observe(host);
  host.append(renderer.domElement);

  const timer = new Timer();
  let onScreen = true;
  let frame = 0;
  // Adaptive resolution: while frames take longer than a 45 fps budget, draw fewer pixels (down to half).
  let pixelRatio = renderer.getPixelRatio();
  let slowFrames = 0;
  const adapt = (delta: number) => {
    slowFrames = delta > 1 / 45 ? slowFrames + 1 : Math.max(0, slowFrames - 1);
    if (slowFrames < 10 || pixelRatio <= 0.5) return;
    slowFrames = 0;
    pixelRatio = Math.max(0.5, pixelRatio * 0.75);
    renderer.setPixelRatio(pixelRatio);
    resize();
  };
  const draw = () => {
    timer.update();
    const t = timer.getElapsed();
    if (options.rotate) adapt(timer.getDelta());
    mask.rotation.y = options.rotate ? Math.sin(t * 0.45) * 0.55 : -0.25;
    mask.rotation.x = options.rotate ? Math.sin(t * 0.3) * 0.05 : 0.02;
    renderer.render(scene, camera);
  };
  const loop = () => {
    frame = 0;
    draw();
    if (options.rotate && onScreen && !document.hidden) frame = window.requestAnimationFrame(loop);
  };
  const resume = () => {
    if (!frame && options.rotate && onScreen && !document.hidden) frame = window.requestAnimationFrame(loop);
  };
  // Paused off-screen and in a hidden tab: no frames, no battery.
  new IntersectionObserver(([entry]) => {
    onScreen = Boolean(entry?.isIntersecting);
    resume();
  }).observe(host);
  document.addEventListener('visibilitychange', resume);
  renderer.domElement.addEventListener('webglcontextlost', (event) => event.preventDefault());

  try {
    draw();
  } catch {
    return 'renderer-failed';
  }
  resume();
  return 'running';
}

export interface LensInput {
  /** Pointer position inside the picture, in CSS pixels. */
  x: number;
  y: number;
  /** The picture's shown size. */
  width: number;
  height: number;
  /** The lens's diameter. */
  lens: number;
  zoom: number;
}

/**
 * Where the magnifier's lens sits (centred on the pointer) and which part of the picture, scaled
 * by `zoom`, it shows: the point under the pointer stays at the lens's centre.
 */
export function lensPosition({ x, y, width, height, lens, zoom }: LensInput) {
  const px = Math.min(Math.max(x, 0), width);
  const py = Math.min(Math.max(y, 0), height);
  return {
    left: px - lens / 2,
    top: py - lens / 2,
    backgroundWidth: width * zoom,
    backgroundHeight: height * zoom,
    backgroundX: lens / 2 - px * zoom,
    backgroundY: lens / 2 - py * zoom,
  };
}

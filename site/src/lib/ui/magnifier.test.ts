import { describe, expect, it } from 'vitest';
import { lensPosition } from './magnifier.ts';

describe('lensPosition', () => {
  const picture = { width: 800, height: 500, lens: 160, zoom: 2 };

  it('centres the lens on the pointer and shows that point, doubled, at its centre', () => {
    const at = lensPosition({ ...picture, x: 400, y: 250 });
    expect(at).toEqual({ left: 320, top: 170, backgroundWidth: 1600, backgroundHeight: 1000, backgroundX: -720, backgroundY: -420 });
    // the point under the pointer (400, 250) is at 800, 500 in the doubled picture; the lens centre is 80, 80
    expect(80 - at.backgroundX).toBe(800);
    expect(80 - at.backgroundY).toBe(500);
  });

  it('shows the corner at the lens centre when the pointer is at the corner', () => {
    expect(lensPosition({ ...picture, x: 0, y: 0 })).toMatchObject({ left: -80, top: -80, backgroundX: 80, backgroundY: 80 });
  });

  it('keeps a pointer just outside the picture on its edge', () => {
    expect(lensPosition({ ...picture, x: 805, y: -3 })).toMatchObject({ left: 720, top: -80, backgroundX: -1520, backgroundY: 80 });
  });
});

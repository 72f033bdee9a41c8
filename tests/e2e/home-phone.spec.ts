import { expect, type Page, test } from '@playwright/test';
import { collectProblems, expectAccessible } from './support/axe.ts';

/**
 * The home page on a phone (the mobile project only, playwright.config.ts): an ordinary scrolling page, no
 * wheel or swipe hijack; the fan carousel turns one card per sideways swipe of at least 50 px, under its 800 ms lock.
 */

async function openHome(page: Page) {
  await page.addInitScript(() => {
    window.sessionStorage.setItem('home-loader-seen', '1');
    // The 3D mask's message path: software GL would only slow these tests down.
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/i.test(type)) return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
  await page.clock.install({ time: new Date('2026-05-01T09:00:00+08:00') });
  await page.clock.pauseAt(new Date('2026-05-01T09:00:01+08:00'));
  expect((await page.goto('/'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-home-ready', '', { timeout: 15_000 });
}

/** A one-finger swipe dispatched as the browser would (touchstart, touchmove, touchend) on `selector`. */
async function swipe(page: Page, selector: string, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.locator(selector).evaluate(
    (element, { from, to }) => {
      const touch = (point: { x: number; y: number }) => new Touch({ identifier: 1, target: element, clientX: point.x, clientY: point.y });
      const fire = (type: string, point: { x: number; y: number }, active: boolean) =>
        element.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            cancelable: true,
            touches: active ? [touch(point)] : [],
            changedTouches: [touch(point)],
          }),
        );
      fire('touchstart', from, true);
      fire('touchmove', to, true);
      fire('touchend', to, false);
    },
    { from, to },
  );
}

test('a phone gets an ordinary scrolling page with every module @smoke', { tag: '@phone' }, async ({ page }) => {
  const problems = collectProblems(page);
  await openHome(page);
  await expect(page.locator('html')).not.toHaveAttribute('data-home-stacked', '');
  for (const id of ['home-hero', 'home-hot', 'home-people', 'home-policy', 'home-map', 'home-charity']) {
    await expect(page.locator(`#${id}`)).toBeAttached();
  }
  // A vertical swipe is the browser's own: the page does not step or jump.
  await swipe(page, 'body', { x: 180, y: 600 }, { x: 180, y: 300 });
  await expect(page.locator('[data-home]')).not.toHaveAttribute('data-current', /./);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
  // axe schedules its own work with timers: let time flow again.
  await page.clock.resume();
  await expectAccessible(page);
  expect(problems).toEqual([]);
});

test('the fan carousel turns one card per sideways swipe of 50 px or more, one per 800 ms', { tag: '@phone' }, async ({ page }) => {
  await openHome(page);
  const fan = page.locator('[data-fan]');
  await fan.scrollIntoViewIfNeeded();
  await expect(fan).toHaveAttribute('data-active', '0');
  const count = page.locator('[data-fan-count]');
  await expect(count).toHaveText('1 / 9');

  // 40 px is a wobble, not a swipe.
  await swipe(page, '[data-fan]', { x: 200, y: 300 }, { x: 160, y: 300 });
  await expect(fan).toHaveAttribute('data-active', '0');
  // Finger moving left: the next card.
  await swipe(page, '[data-fan]', { x: 250, y: 300 }, { x: 150, y: 300 });
  await expect(fan).toHaveAttribute('data-active', '1');
  // Within the 800 ms lock: nothing.
  await page.clock.runFor(400);
  await swipe(page, '[data-fan]', { x: 250, y: 300 }, { x: 150, y: 300 });
  await expect(fan).toHaveAttribute('data-active', '1');
  // After it: finger moving right goes back, and the count says so.
  await page.clock.runFor(500);
  await swipe(page, '[data-fan]', { x: 150, y: 300 }, { x: 250, y: 300 });
  await expect(fan).toHaveAttribute('data-active', '0');
  await expect(count).toHaveText('1 / 9');
  // Only the card in front can be reached by Tab.
  await expect(fan.locator('[data-fan-card]:not([inert])')).toHaveCount(1);
});

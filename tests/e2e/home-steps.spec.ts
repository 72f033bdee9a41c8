import { expect, type Page, test } from '@playwright/test';
import { collectProblems, expectAccessible } from './support/axe.ts';

/**
 * The home page on a large screen: stacked modules, one step per wheel notch or key, a 1 s lock, the loading
 * animation once per session. Desktop only (playwright.config.ts): on a phone the home is an ordinary scrolling page
 * (home-phone.spec.ts). Time is Playwright's clock, so the locks and the loader's 3.5 s are exact, never waited for.
 */

const MODULES = ['home-hero', 'home-hot', 'home-people', 'home-policy', 'home-map', 'home-charity'];

/** The 3D mask off (its message path): these tests are about stepping, and software GL would only slow them. */
async function withoutWebgl(page: Page) {
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      if (/webgl/i.test(type)) return null;
      return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
    } as typeof original;
  });
}

async function openHome(page: Page, { loaderSeen = true } = {}) {
  await withoutWebgl(page);
  if (loaderSeen) await page.addInitScript(() => window.sessionStorage.setItem('home-loader-seen', '1'));
  // Time stands still until the test moves it: the locks and the loader's 3.5 s are exact whatever the machine's load.
  await page.clock.install({ time: new Date('2026-05-01T09:00:00+08:00') });
  await page.clock.pauseAt(new Date('2026-05-01T09:00:01+08:00'));
  expect((await page.goto('/'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-home-ready', '', { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('data-home-stacked', '');
}

const current = (page: Page) => page.locator('[data-home]').getAttribute('data-current');

/** Waits until the smooth scroll has brought module `index` to the top (stepping reads the scroll position). */
async function settledOn(page: Page, index: number) {
  await expect.poll(() => current(page)).toBe(String(index));
  const offset = () =>
    page.evaluate(
      (id) => (id === 'home-hero' ? window.scrollY : document.getElementById(id)!.getBoundingClientRect().top),
      MODULES[index]!,
    );
  await expect.poll(async () => Math.abs(await offset()), { timeout: 10_000 }).toBeLessThan(4);
}

test('one wheel notch is one module, and the 1 s lock swallows the notches in between @smoke', async ({ page }) => {
  const problems = collectProblems(page);
  await openHome(page);
  await page.mouse.move(700, 450);

  await page.mouse.wheel(0, 120);
  await settledOn(page, 1);
  // Still inside the lock: a second notch does nothing.
  await page.mouse.wheel(0, 120);
  await page.mouse.wheel(0, 120);
  await page.clock.runFor(500);
  await settledOn(page, 1);

  await page.clock.runFor(600);
  await page.mouse.wheel(0, 120);
  await settledOn(page, 2);
  await page.clock.runFor(1100);
  await page.mouse.wheel(0, -120);
  await settledOn(page, 1);
  expect(problems).toEqual([]);
});

test('keys step the modules: PageDown, ArrowUp, End and Home; the back-to-top button returns', async ({ page }) => {
  await openHome(page);
  const top = page.getByRole('button', { name: '回到顶部' });
  await expect(top).toBeHidden();

  await page.keyboard.press('PageDown');
  await settledOn(page, 1);
  await page.clock.runFor(1100);
  await page.keyboard.press('ArrowDown');
  await settledOn(page, 2);
  await page.clock.runFor(1100);
  await page.keyboard.press('ArrowUp');
  await settledOn(page, 1);
  await page.clock.runFor(1100);
  await page.keyboard.press('End');
  await settledOn(page, 5);
  // The pager marks where the visitor is once a frame has run.
  await page.clock.runFor(1100);
  await expect(page.getByRole('navigation', { name: '首页板块' }).locator('[aria-current="step"]')).toHaveAttribute(
    'aria-label',
    '云上公益',
  );
  await expect(top).toBeVisible();

  await top.click();
  await settledOn(page, 0);
  await page.clock.runFor(1100);
  await page.keyboard.press('End');
  await settledOn(page, 5);
  await page.clock.runFor(1100);
  await page.keyboard.press('Home');
  await settledOn(page, 0);
});

test('the home page passes axe', async ({ page }) => {
  await openHome(page);
  // axe schedules its own work with timers: let time flow again.
  await page.clock.resume();
  await expectAccessible(page);
});

test('the loading animation shows once per session, for 3.5 s when nothing else is awaited', async ({ page }) => {
  await openHome(page, { loaderSeen: false });
  const loader = page.getByRole('progressbar', { name: '首页加载中' });
  await expect(loader).toBeVisible();
  // The 3D mask has settled at once (no WebGL here): the minimum time is what remains.
  await page.clock.runFor(3300);
  await expect(page.locator('html')).toHaveAttribute('data-home-loader', 'show');
  // The progress is told on the progressbar itself (<html> carries only the loader's state).
  await expect(loader).not.toHaveAttribute('aria-valuenow', '0');
  await expect(page.locator('html')).not.toHaveAttribute('aria-valuenow', /./);
  await page.clock.runFor(800);
  await expect(page.locator('html')).toHaveAttribute('data-home-loader', /leaving|done/);
  const shownMs = Number(await page.locator('html').getAttribute('data-home-loader-shown-ms'));
  expect(shownMs).toBeGreaterThanOrEqual(3500);
  expect(shownMs).toBeLessThanOrEqual(5000);
  await page.clock.runFor(500);
  await expect(loader).toBeHidden();

  // The same session: a reload goes straight to the page.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-home-ready', '');
  await expect(page.locator('html')).not.toHaveAttribute('data-home-loader', /show|leaving/);
  await expect(loader).toBeHidden();
});

test('a key ends the loading animation at once', async ({ page }) => {
  await openHome(page, { loaderSeen: false });
  await expect(page.getByRole('progressbar', { name: '首页加载中' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('html')).toHaveAttribute('data-home-loader', /leaving|done/);
});

test.describe('the 3D mask with WebGL (software GL here)', () => {
  test.setTimeout(120_000);

  test('draws the mask and raises no page error', async ({ page }) => {
    const problems = collectProblems(page);
    await page.addInitScript(() => window.sessionStorage.setItem('home-loader-seen', '1'));
    await page.goto('/');
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'running', { timeout: 90_000 });
    await expect(stage.locator('canvas')).toBeVisible();
    await expect(stage.locator('[data-mask-status]')).toHaveText('');
    expect(problems).toEqual([]);
  });

  test("under the first visit's loading panel it draws its first frame only, and turns when the panel leaves", async ({ page }) => {
    const problems = collectProblems(page);
    // The page's time stands still (the loader stays), the worker's runs: the mask starts and reports its frames.
    await page.clock.install({ time: new Date('2026-05-01T09:00:00+08:00') });
    await page.clock.pauseAt(new Date('2026-05-01T09:00:01+08:00'));
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-home-loader', 'show');
    // Past the page's load and its idle wait, still short of the loader's 3.5 s.
    await page.clock.runFor(2000);
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'running', { timeout: 90_000 });
    const frames = async () => Number((await stage.locator('canvas').getAttribute('data-frames')) ?? 0);
    // The worker reports its count every second of its own time: three reports, and no frames beyond the first (and a redraw on its first size).
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(3000);
    await expect(html).toHaveAttribute('data-home-loader', 'show');
    expect(await frames()).toBeLessThanOrEqual(3);
    await page.clock.runFor(2000);
    await expect(html).toHaveAttribute('data-home-loader', /leaving|done/);
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  test('a model that cannot load says 模型加载失败 and keeps the still image', async ({ page }) => {
    const problems = collectProblems(page);
    await page.route(/\/images\/home\/mask-texture\.webp$/, (route) => route.abort());
    await page.addInitScript(() => window.sessionStorage.setItem('home-loader-seen', '1'));
    await page.goto('/');
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'model-failed', { timeout: 90_000 });
    await expect(stage.getByRole('status')).toHaveText('模型加载失败');
    await expect(stage.getByRole('img', { name: /京剧脸谱/ })).toBeVisible();
    // The aborted texture is the test's doing; anything else would be a fault.
    expect(problems.filter((problem) => !/mask-texture|ERR_FAILED/.test(problem))).toEqual([]);
  });
});

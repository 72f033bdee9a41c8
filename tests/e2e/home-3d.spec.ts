import { expect, type Page, test } from '@playwright/test';
import { collectProblems } from './support/axe.ts';

// Software WebGL (SwiftShader), as on a machine without a GPU; a file of its own since launch options set a worker's browser.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run'],
  },
});

async function openHome(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('home-loader-seen', '1'));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-home-ready', '', { timeout: 15_000 });
}

// Software GL on a shared 2-core machine: the mask's first frame can take a while; this is no timed test.
test.describe.configure({ timeout: 150_000 });

test.describe('home 3D mask with WebGL', () => {
  test('draws the rotating mask in place of the still image', async ({ page }) => {
    const problems = collectProblems(page);
    await openHome(page);
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'running', { timeout: 90_000 });
    await expect(stage.locator('canvas')).toHaveCount(1);
    await expect(stage.getByRole('status')).toHaveText('');
    await expect.poll(() => stage.locator('[data-mask-still]').evaluate((img) => getComputedStyle(img).opacity)).toBe('0');
    expect(problems).toEqual([]);
  });

  test('a model that cannot load says 模型加载失败', async ({ page }) => {
    await page.route('**/images/home/mask.svg?texture', (route) => route.abort());
    const problems = collectProblems(page);
    await openHome(page);
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'model-failed', { timeout: 90_000 });
    await expect(stage.getByRole('status')).toHaveText('模型加载失败');
    await expect(stage.getByRole('img', { name: /京剧脸谱/ })).toBeVisible();
    // The aborted texture request is the only console entry: no script error.
    expect(problems.filter((problem) => !problem.includes('net::ERR_FAILED'))).toEqual([]);
  });

  test('a renderer that cannot start says 3D渲染初始化失败', async ({ page }) => {
    // The capability check succeeds; the renderer's own context request then fails.
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      let webglCalls = 0;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (/webgl/i.test(type) && ++webglCalls > 1) return null;
        return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    const problems = collectProblems(page);
    await openHome(page);
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'renderer-failed', { timeout: 90_000 });
    await expect(stage.getByRole('status')).toHaveText('3D渲染初始化失败');
    await expect(stage.getByRole('img', { name: /京剧脸谱/ })).toBeVisible();
    expect(problems.filter((problem) => !/WebGL/.test(problem))).toEqual([]);
  });
});

import { expect, type Page, test } from '@playwright/test';
import { homeResponse } from '@feiyi/contract';
import { collectProblems } from './support/axe.ts';

const MODULES = ['home-hero', 'home-hot', 'home-people', 'home-policy', 'home-map', 'home-charity'];

/** The loading animation shows once per session; these tests are about what comes after it. */
async function skipLoader(page: Page) {
  await page.addInitScript(() => window.sessionStorage.setItem('home-loader-seen', '1'));
}

async function openHome(page: Page) {
  await skipLoader(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-home-ready', '', { timeout: 15_000 });
}

test.describe('home page', () => {
  test('all six modules are in the static HTML with the curated content', async ({ page, request }) => {
    const answer = await request.get('/api/home');
    expect(answer.ok()).toBe(true);
    const home = homeResponse.parse(await answer.json()).data;
    expect(home.hotCultures).toHaveLength(9);
    expect(home.inheritors).toHaveLength(5);
    expect(home.heritagePages).toHaveLength(15);

    // The HTML as served, before any script: every module and its content.
    const html = await (await request.get('/')).text();
    for (const id of MODULES) expect(html).toContain(`id="${id}"`);
    for (const item of home.hotCultures) expect(html).toContain(`/culture/item/${item.id}`);
    for (const person of home.inheritors) expect(html).toContain(`/inheritors/${person.id}`);
    for (const entry of home.timeline) expect(html).toContain(`>${entry.year}<`);
    for (const theme of home.heritagePages) expect(html).toContain(`href="/${theme.slug}"`);
    expect(html).toContain('href="/public-welfare"');
    // The first screen's largest element loads at once, never lazily.
    expect(html).toMatch(/<img[^>]*src="\/images\/home\/mask\.svg"[^>]*fetchpriority="high"/);
    expect(html).not.toMatch(/<img[^>]*src="\/images\/home\/mask\.svg"[^>]*loading="lazy"/);

    const problems = collectProblems(page);
    await openHome(page);
    await expect(page).toHaveTitle(/首页 · 非遗中国/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.heroTitle);
    const fan = page.getByRole('region', { name: '热门非遗项目' });
    await fan.scrollIntoViewIfNeeded();
    await expect(fan.getByRole('heading', { level: 3, name: home.hotCultures[0]!.title })).toBeVisible();
    const cover = fan.getByRole('img', { name: `${home.hotCultures[0]!.title}封面` });
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(home.inheritors[0]!.name, { exact: true })).toBeAttached();
    await expect(page.getByRole('navigation', { name: '非遗专题' }).getByRole('link')).toHaveCount(15);
    expect(problems).toEqual([]);
  });

  test("every module's content is centred on the page", { tag: '@phone' }, async ({ page }) => {
    await openHome(page);
    // The margins left and right of each laid-out block of each module (decorations are positioned, and left out).
    const offCentre = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.home-module > *'))
        .filter((block) => !['absolute', 'fixed'].includes(getComputedStyle(block).position) && block.getBoundingClientRect().width > 0)
        .map((block) => {
          const outer = block.parentElement!.getBoundingClientRect();
          const inner = block.getBoundingClientRect();
          return {
            block: `${block.parentElement!.id} > ${block.tagName.toLowerCase()}.${block.className.split(' ')[0]}`,
            left: Math.round(inner.left - outer.left),
            right: Math.round(outer.right - inner.right),
          };
        })
        .filter(({ left, right }) => Math.abs(left - right) > 2),
    );
    expect(offCentre).toEqual([]);
  });

  test('with reduced motion the home is an ordinary scrolling page with the same content', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const problems = collectProblems(page);
    await openHome(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-home-stacked', '');
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(260);
    // The fan is a plain row: every card reachable, none inert.
    const fan = page.getByRole('region', { name: '热门非遗项目' });
    await expect(fan.locator('[data-fan-card]')).toHaveCount(9);
    await expect(fan.locator('[data-fan-card][inert]')).toHaveCount(0);
    await expect(fan.getByRole('button', { name: '下一项' })).toBeHidden();
    expect(problems).toEqual([]);
  });
});

test.describe('home loading animation', () => {
  test('never holds a reduced-motion visitor', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-home-ready', '');
    await expect(page.getByRole('progressbar', { name: '首页加载中' })).toBeHidden();
    await expect(page.getByRole('link', { name: '浏览非遗项目' })).toBeVisible();
  });
});

test.describe('home 3D mask without WebGL', () => {
  test('says so, keeps the still image and raises no page error', async ({ page }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (/webgl/i.test(type)) return null;
        return (original as (...args: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    const problems = collectProblems(page);
    await openHome(page);
    const stage = page.locator('[data-mask-stage]');
    await expect(stage).toHaveAttribute('data-state', 'unsupported');
    await expect(stage.getByRole('status')).toHaveText('您的浏览器不支持WebGL');
    await expect(stage.getByRole('img', { name: /京剧脸谱/ })).toBeVisible();
    await expect(stage.locator('canvas')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

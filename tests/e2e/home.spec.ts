import { expect, type Page, test } from '@playwright/test';
import { homeResponse } from '@feiyi/api-adapter/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';

const MODULES = ['home-hero', 'home-hot', 'home-people', 'home-policy', 'home-map', 'home-charity'];

/** The module whose top is at the top of the viewport (within 2 px), or −1 while between modules. */
function moduleAtTop(page: Page): Promise<number> {
  return page.evaluate((ids) => {
    if (window.scrollY < 2) return 0;
    return ids.findIndex((id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top) < 2);
  }, MODULES);
}

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

  test('the wheel moves one module per notch with a 1 s lock on a desktop; a phone scrolls as usual', async ({ page }, testInfo) => {
    const problems = collectProblems(page);
    await openHome(page);
    await page.mouse.move(700, 500);
    if (testInfo.project.name === 'desktop') {
      await expect(page.locator('html')).toHaveAttribute('data-home-stacked', '');
      await page.mouse.wheel(0, 100);
      await expect.poll(() => moduleAtTop(page)).toBe(1);
      await page.waitForTimeout(1100);
      // Three notches inside one lock: one step.
      await page.mouse.wheel(0, 100);
      await page.mouse.wheel(0, 100);
      await page.mouse.wheel(0, 100);
      await expect.poll(() => moduleAtTop(page)).toBe(2);
      await page.waitForTimeout(600);
      expect(await moduleAtTop(page)).toBe(2);
      await page.waitForTimeout(500);
      await page.mouse.wheel(0, -100);
      await expect.poll(() => moduleAtTop(page)).toBe(1);
      await expect(page.getByRole('link', { name: '热门非遗' })).toHaveAttribute('aria-current', 'step');
    } else {
      await expect(page.locator('html')).not.toHaveAttribute('data-home-stacked', '');
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
      // An ordinary page: 300 px of wheel is 300 px of scroll, not a jump to the next module.
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(
        await page.locator('#home-hot').evaluate((el) => el.getBoundingClientRect().top + window.scrollY - 10),
      );
    }
    expect(problems).toEqual([]);
  });

  test('keys step the modules on a desktop; back to top appears past the first module', async ({ page }, testInfo) => {
    const problems = collectProblems(page);
    await openHome(page);
    const top = page.getByRole('button', { name: '回到顶部' });
    await expect(top).toBeHidden();
    if (testInfo.project.name === 'desktop') {
      await page.keyboard.press('PageDown');
      await expect.poll(() => moduleAtTop(page)).toBe(1);
      await expect(top).toBeVisible();
      // Inside the lock a second key does nothing.
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(700);
      expect(await moduleAtTop(page)).toBe(1);
      await page.waitForTimeout(400);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => moduleAtTop(page)).toBe(2);
      await page.waitForTimeout(1100);
      await page.keyboard.press('End');
      await expect.poll(() => moduleAtTop(page)).toBe(5);
      await page.waitForTimeout(1100);
      await page.keyboard.press('PageUp');
      await expect.poll(() => moduleAtTop(page)).toBe(4);
      await page.waitForTimeout(1100);
      await page.keyboard.press('Home');
      await expect.poll(() => moduleAtTop(page)).toBe(0);
      await expect(top).toBeHidden();
      await page.waitForTimeout(1100);
      await page.keyboard.press('End');
      await expect.poll(() => moduleAtTop(page)).toBe(5);
    } else {
      await page.locator('#home-people').scrollIntoViewIfNeeded();
      await expect(top).toBeVisible();
    }
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(top).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('the fan carousel turns one card per swipe or press, with an 800 ms lock', async ({ page }, testInfo) => {
    const problems = collectProblems(page);
    await openHome(page);
    const fan = page.getByRole('region', { name: '热门非遗项目' });
    await fan.scrollIntoViewIfNeeded();
    const count = fan.locator('[data-fan-count]');
    await expect(count).toHaveText('1 / 9');
    // Only the card in front takes focus and clicks; the others are inert.
    await expect(fan.locator('[data-fan-card]:not([inert])')).toHaveCount(1);

    if (testInfo.project.name === 'mobile') {
      const box = (await fan.boundingBox())!;
      const y = box.y + 150;
      const cdp = await page.context().newCDPSession(page);
      const swipe = async (from: number, to: number) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
        for (let step = 1; step <= 4; step += 1) {
          const x = from + ((to - from) * step) / 4;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await swipe(260, 180); // 80 px to the left: the next card
      await expect(count).toHaveText('2 / 9');
      await swipe(260, 180); // inside the 800 ms lock: nothing
      await page.waitForTimeout(300);
      await expect(count).toHaveText('2 / 9');
      await page.waitForTimeout(800);
      await swipe(260, 220); // 40 px: under the 50 px threshold
      await page.waitForTimeout(300);
      await expect(count).toHaveText('2 / 9');
      await swipe(120, 200); // 80 px to the right: back
      await expect(count).toHaveText('1 / 9');
      await page.waitForTimeout(900);
      await swipe(120, 200); // wraps round to the ninth
      await expect(count).toHaveText('9 / 9');
    } else {
      await fan.getByRole('button', { name: '下一项' }).click();
      await expect(count).toHaveText('2 / 9');
      await fan.getByRole('button', { name: '下一项' }).click();
      await page.waitForTimeout(300);
      await expect(count).toHaveText('2 / 9');
      await page.waitForTimeout(600);
      await fan.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(count).toHaveText('1 / 9');
      await page.waitForTimeout(900);
      await page.keyboard.press('ArrowLeft');
      await expect(count).toHaveText('9 / 9');
    }
    await expect(fan.locator('[data-fan-card][aria-current="true"] a')).toBeVisible();
    expect(problems).toEqual([]);
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

  test('passes axe at the top and with every module shown', async ({ page }, testInfo) => {
    await openHome(page);
    await expectAccessible(page);
    for (const id of MODULES.slice(1)) {
      await page.locator(`#${id}`).evaluate((el) => el.scrollIntoView());
      await page.screenshot({ path: testInfo.outputPath(`${id}.png`) });
    }
    await expectAccessible(page);
  });
});

test.describe('home loading animation', () => {
  test('shows once per session for 3.5–5 s, then never again in that session', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto('/');
    const loader = page.getByRole('progressbar', { name: '首页加载中' });
    await expect(loader).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-home-loader', 'done', { timeout: 15_000 });
    await expect(loader).toBeHidden();
    const shownMs = Number(await page.locator('html').getAttribute('data-home-loader-shown-ms'));
    expect(shownMs).toBeGreaterThanOrEqual(3500);
    expect(shownMs).toBeLessThan(6000);
    // The page behind it works once it is gone.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-home-ready', '');
    await expect(loader).toBeHidden();
    expect(await page.locator('html').getAttribute('data-home-loader')).toBeNull();
    await page.goto('/policy');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-home-ready', '');
    await expect(loader).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('a key ends it at once, so keyboard focus is never hidden behind it', async ({ page }) => {
    await page.goto('/');
    const loader = page.getByRole('progressbar', { name: '首页加载中' });
    await expect(loader).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(loader).toBeHidden({ timeout: 2000 });
    await expect(page.getByRole('link', { name: '跳到正文' })).toBeFocused();
  });

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

import { expect, type Locator, type Page, test } from '@playwright/test';
import { inheritorProfilesResponse, nationalFiguresResponse, workshopsResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated } from './support/session.ts';

/**
 * Page time stands still from here on (a few seconds ahead of now, so the target is never in the
 * page clock's past): only page.clock.runFor moves it, with no race against a slow machine.
 */
async function stopTheClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 5_000);
}

async function currentSlide(show: Locator): Promise<number> {
  return Number(await show.getAttribute('data-current'));
}

test.describe('inheritors page: the static introduction', () => {
  test('banner, breadcrumb, ticker, introduction, story, carousel and the four workshops', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { workshops } = workshopsResponse.parse(await (await request.get('/api/workshops')).json()).data;
    expect(workshops).toHaveLength(4);

    const problems = collectProblems(page);
    const response = await page.goto('/inheritors');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/非遗传承人/);

    const banner = page.getByRole('region', { name: '传承人专题' });
    await expect(banner.locator('[data-slide]')).toHaveCount(4);
    await expect(banner.getByRole('button', { name: /^第 \d 张/ })).toHaveCount(4);
    const hero = banner.locator('[data-slide] img').first();
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).not.toHaveAttribute('loading', 'lazy');

    const breadcrumb = page.getByRole('navigation', { name: '面包屑' });
    await expect(breadcrumb.getByRole('link', { name: '首页', exact: true })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: '非遗首页' })).toBeVisible();
    const ticker = page.getByRole('region', { name: '公告' });
    await expect(ticker).toContainText(workshops[0]!.title);
    // The row moves once the page has loaded (not while it loads), and its button stops it.
    const track = ticker.locator('.ticker-track');
    await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');
    await ticker.getByRole('button', { name: '暂停' }).click();
    await page.mouse.move(0, 0);
    await expect.poll(() => track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
    await ticker.getByRole('button', { name: '播放' }).click();

    await expect(page.getByRole('heading', { name: '什么是代表性传承人' })).toBeVisible();
    await expect(page.getByText('截至2025年3月')).toContainText('3998');
    // Beside the published figure, the count computed from the national inheritors, with its date.
    const figures = nationalFiguresResponse.parse(await (await request.get('/api/national/figures')).json()).data;
    const computed = page.locator('[data-computed-inheritors]');
    await expect(computed).toContainText(`现为 ${figures.totals.inheritors.toLocaleString('en-US')} 人`);
    await expect(computed).toContainText(`（${figures.asOf.inheritors}）`);
    const story = page.locator('#story');
    await expect(story.getByRole('heading', { name: '传承人的故事' })).toBeVisible();
    await expect(story.locator('video track[kind="captions"]')).toHaveAttribute('srclang', 'zh');
    expect(await story.locator('video').evaluate((v: HTMLVideoElement) => v.autoplay)).toBe(false);

    const booking = page.locator('#booking');
    // The cards show the live seats once their island has hydrated (the built page holds the seats at build time).
    await booking.scrollIntoViewIfNeeded();
    await hydrated(page, 'WorkshopBoard');
    const cards = booking.getByRole('listitem');
    await expect(cards).toHaveCount(4);
    for (const [i, workshop] of workshops.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: workshop.title })).toBeVisible();
      await expect(card).toContainText(`${workshop.price} 元/人`);
      await expect(card).toContainText(`剩余名额 ${workshop.seatsLeft} / ${workshop.seats}`);
      await expect(card.locator('[data-countdown]')).toHaveText(/^(距开始还有 .*分钟|活动已开始或已结束)$/);
      // A guest may book while seats are left (kept in this browser, see workshop.spec.ts); a full workshop says so.
      // (Other specs take seats: the answer follows the live figure read above.)
      if (workshop.seatsLeft > 0) await expect(card.getByRole('button', { name: /^预约/ })).toBeEnabled();
      else await expect(card.getByRole('button', { name: '名额已满' })).toBeDisabled();
    }
    // The login link brings a guest back to the workshops.
    await expect(booking.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login?redirect=%2Finheritors%23booking');

    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('inheritors.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test('the banner advances every 3 s, follows its indicators and pauses on request', async ({ page }) => {
    await page.clock.install();
    await page.goto('/inheritors');
    await stopTheClock(page);
    const banner = page.getByRole('region', { name: '传承人专题' });
    await page.mouse.move(0, 0);
    const start = await currentSlide(banner);
    await page.clock.runFor(3_000);
    await expect(banner).toHaveAttribute('data-current', String((start + 1) % 4));
    await page.clock.runFor(3_000);
    await expect(banner).toHaveAttribute('data-current', String((start + 2) % 4));
    await banner.getByRole('button', { name: /^第 1 张/ }).click();
    await expect(banner.locator('[data-slide].is-active')).toHaveAttribute('aria-label', /^第 1 张/);
    await expect(banner.getByRole('button', { name: /^第 1 张/ })).toHaveAttribute('aria-current', 'true');
    await banner.getByRole('button', { name: '暂停自动播放' }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.clock.runFor(10_000);
    await expect(banner.locator('[data-slide].is-active')).toHaveAttribute('aria-label', /^第 1 张/);
  });

  test('the carousel advances every 3 s and pauses while the pointer is on it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/inheritors');
    await stopTheClock(page);
    const carousel = page.getByRole('region', { name: '传承人守护的项目' });
    await page.mouse.move(0, 0);
    const start = await currentSlide(carousel);
    await page.clock.runFor(3_000);
    await expect(carousel).toHaveAttribute('data-current', String((start + 1) % 3));
    await carousel.hover();
    await page.clock.runFor(9_000);
    await expect(carousel).toHaveAttribute('data-current', String((start + 1) % 3));
    await page.mouse.move(0, 0);
    await page.clock.runFor(3_000);
    await expect(carousel).toHaveAttribute('data-current', String((start + 2) % 3));
  });

  test('with reduced motion nothing moves by itself and the carousel is a row', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/inheritors');
    await page.clock.runFor(10_000);
    await expect(page.getByRole('region', { name: '传承人专题' }).locator('[data-slide].is-active')).toHaveAttribute(
      'aria-label',
      /^第 1 张/,
    );
    const carousel = page.getByRole('region', { name: '传承人守护的项目' });
    await expect(carousel).toHaveClass(/as-row/);
    await expect(carousel.getByRole('img')).toHaveCount(3);
    for (const picture of await carousel.getByRole('img').all()) await expect(picture).not.toHaveAttribute('aria-hidden', 'true');
    expect(await page.locator('.ticker-track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });

  test('the magnifier shows the picture at twice its size under the pointer', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/inheritors');
    const frame = page.locator('[data-magnifier]');
    await frame.scrollIntoViewIfNeeded();
    if (testInfo.project.name === 'mobile') {
      // A phone has no hover: a tap leaves the picture as it is.
      await frame.tap();
      await expect(frame.locator('.magnifier-lens')).toHaveCSS('opacity', '0');
      return;
    }
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const lens = frame.locator('.magnifier-lens');
    await expect(lens).toHaveCSS('opacity', '1');
    const picture = (await frame.getByRole('img').boundingBox())!;
    const [width, height] = (await lens.evaluate((el) => el.style.backgroundSize)).split(' ').map((v) => Number.parseFloat(v));
    expect(width).toBeCloseTo(picture.width * 2, 0);
    expect(height).toBeCloseTo(picture.height * 2, 0);
    await page.mouse.move(0, 0);
    await expect(lens).toHaveCSS('opacity', '0');
  });

  test('back to top appears near the bottom and takes the visitor up', async ({ page }) => {
    await page.goto('/inheritors');
    const button = page.getByRole('button', { name: '返回顶部' });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('written profiles', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every written profile has a static page with its prose and a schema.org Person', async ({ page, request }) => {
      test.setTimeout(180_000);
      const { inheritors } = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data;
      expect(inheritors.length).toBeGreaterThan(20);
      for (const person of inheritors) {
        const response = await page.goto(`/inheritors/${person.id}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.inheritorName);
        await expect(page.getByRole('region', { name: '简介' })).toContainText(person.introduction!.split('\n')[0]!.trim());
        if (person.skillDescription) await expect(page.getByRole('heading', { name: '技艺特色' })).toBeVisible();
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
        expect(ld).toMatchObject({ '@type': 'Person', name: person.inheritorName, knowsAbout: person.item ?? person.skillType });
      }
      // The inheritors page lists them all, linked.
      await page.goto('/inheritors');
      await expect(page.getByRole('region', { name: '传承人小传' }).getByRole('link')).toHaveCount(inheritors.length);
    });
  });

  test('a profile page passes axe', async ({ page, request }, testInfo) => {
    const { inheritors } = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data;
    const problems = collectProblems(page);
    await page.goto(`/inheritors/${inheritors[0]!.id}`);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('inheritor-profile.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});

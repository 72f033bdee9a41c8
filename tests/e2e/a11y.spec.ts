import { expect, test } from '@playwright/test';
import { culturePageResponse, inheritorProfilesResponse, nationalEntriesResponse } from '@feiyi/api-adapter/contract';
import { expectAccessible, seriousViolations } from './support/axe.ts';
import { storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/**
 * Every kind of page in 长辈模式 (larger text, higher contrast — China's 适老化 rule): axe finds no serious or critical
 * violation. The normal mode is checked page by page in each screen's own spec.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    window.localStorage.setItem('elderMode', '1');
    // The home page's loading animation shows once per session; this test is about the page under it.
    window.sessionStorage.setItem('home-loader-seen', '1');
  });
});

test('every public page passes axe in 长辈模式', async ({ page, request }) => {
  test.setTimeout(240_000);
  const culture = culturePageResponse.parse(await (await request.get('/api/culture/page?page=1&size=1')).json()).data.page.records[0]!;
  const person = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data.inheritors[0]!;
  const entry = nationalEntriesResponse.parse(await (await request.get('/api/national/entries?page=1&size=1')).json()).data.page
    .records[0]!;
  const pages = [
    '/',
    '/culture/1',
    `/culture/item/${culture.id}`,
    '/area/1',
    '/policy',
    '/inheritors',
    `/inheritors/${person.id}`,
    '/kunqu-opera',
    '/map',
    '/minglu',
    entry.href,
    '/charity',
    '/public-welfare',
    '/login',
    '/register',
    '/no-such-page',
  ];
  // Every page is checked before the verdict, so one run names every finding.
  const findings: string[] = [];
  for (const path of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-elder', '');
      await page.waitForLoadState('networkidle');
      findings.push(...(await seriousViolations(page)).map((finding) => `${path}: ${finding}`));
    });
  }
  expect(findings, findings.join('\n')).toEqual([]);
});

test('the personal centre passes axe in 长辈模式', async ({ page, context, request }) => {
  await storeLogin(context, await newVisitor(request, 'a11y'));
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('data-elder', '');
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
});

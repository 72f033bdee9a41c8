import { expect, type Page, test } from '@playwright/test';
import { culturePageResponse, heritageListResponse, inheritorProfilesResponse, nationalEntriesResponse } from '@feiyi/contract';
import { expectAccessible, seriousViolations } from './support/axe.ts';
import { watchDevtoolsIssues } from './support/devtools-issues.ts';
import { storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/**
 * Every kind of page in both display modes, the normal one and 长辈模式 (larger text, higher contrast — China's 适老化
 * rule): axe finds no serious or critical violation, and DevTools' Issues panel stays empty.
 */

const MODES = [
  { name: '长辈模式', elder: true },
  { name: 'the normal mode', elder: false },
] as const;

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((elder) => {
        if (elder) window.localStorage.setItem('elderMode', '1');
        else window.localStorage.removeItem('elderMode');
        // The home page's loading animation shows once per session; this test is about the page under it.
        window.sessionStorage.setItem('home-loader-seen', '1');
      }, mode.elder);
    });

    /** The page is in the mode under test (长辈模式 marks <html> before the first paint). */
    const inMode = async (page: Page) => {
      if (mode.elder) await expect(page.locator('html')).toHaveAttribute('data-elder', '');
      else await expect(page.locator('html')).not.toHaveAttribute('data-elder');
    };

    // At a phone's width the nav is behind its menu and many layouts change: the normal mode is checked there too.
    test(`every public page passes axe in ${mode.name}`, { tag: mode.elder ? [] : ['@phone'] }, async ({ page, request }) => {
      test.setTimeout(360_000);
      const culture = culturePageResponse.parse(await (await request.get('/api/culture/page?page=1&size=1')).json()).data.page.records[0]!;
      const person = inheritorProfilesResponse.parse(await (await request.get('/api/inheritor/profiles')).json()).data.inheritors[0]!;
      const entry = nationalEntriesResponse.parse(await (await request.get('/api/national/entries?page=1&size=1')).json()).data.page
        .records[0]!;
      // Theme pages share one layout; their content differs: 昆曲 and one of each verification state.
      const themes = heritageListResponse.parse(await (await request.get('/api/heritage/list')).json()).data.pages;
      const themePaths = new Set([
        'kunqu-opera',
        ...(['verified', 'pending'] as const).flatMap((state) => themes.find((t) => t.verification === state)?.slug ?? []),
      ]);
      const pages = [
        '/',
        '/culture',
        '/culture/1',
        `/culture/item/${culture.id}`,
        '/area',
        '/area/1',
        `/area?province=${encodeURIComponent('广西')}`,
        '/policy',
        '/inheritors',
        `/inheritors/${person.id}`,
        ...[...themePaths].map((slug) => `/${slug}`),
        '/map',
        '/minglu',
        entry.href,
        '/data',
        '/charity',
        '/public-welfare',
        '/login',
        '/register',
        '/offline',
        '/no-such-page',
      ];
      // Every page is checked before the verdict, so one run names every finding.
      const findings: string[] = [];
      const issues = await watchDevtoolsIssues(page);
      for (const path of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await inMode(page);
          await page.waitForLoadState('networkidle');
          findings.push(...(await seriousViolations(page)).map((finding) => `${path}: ${finding}`));
        });
      }
      expect(findings, findings.join('\n')).toEqual([]);
      expect(issues, issues.join('\n')).toEqual([]);
    });

    test(`the personal centre passes axe in ${mode.name}`, async ({ page, context, request }) => {
      await storeLogin(context, await newVisitor(request, 'a11y'));
      const issues = await watchDevtoolsIssues(page);
      await page.goto('/profile');
      await inMode(page);
      await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
      expect(issues, issues.join('\n')).toEqual([]);
    });
  });
}

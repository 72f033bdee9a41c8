import { expect, test } from '@playwright/test';
import { policyListResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';

test.describe('policy page', () => {
  test('shows every published policy in date order: year of pubDate, title, content, alternating sides', async ({
    page,
    request,
  }, testInfo) => {
    const answer = await request.get('/api/policy/list');
    expect(answer.ok()).toBe(true);
    const { policies } = policyListResponse.parse(await answer.json()).data;
    expect(policies.length).toBeGreaterThan(10);

    const problems = collectProblems(page);
    const response = await page.goto('/policy');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/政策法规/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('非遗保护政策时间线');

    const entries = page.getByRole('list', { name: '政策时间线' }).getByRole('listitem');
    await expect(entries).toHaveCount(policies.length);
    // One read of the whole timeline (a locator per field would take minutes on a busy machine).
    const shown = await entries.evaluateAll((items) =>
      items.map((item) => ({
        title: item.querySelector('h2')?.textContent?.trim(),
        year: item.querySelector('time')?.textContent?.trim(),
        datetime: item.querySelector('time')?.getAttribute('datetime'),
        text: item.textContent ?? '',
      })),
    );
    expect(shown.map(({ title, year, datetime }) => ({ title, year, datetime }))).toEqual(
      policies.map((policy) => ({ title: policy.title, year: policy.pubDate.slice(0, 4), datetime: policy.pubDate })),
    );
    for (const [index, policy] of policies.entries()) expect(shown[index]!.text).toContain(policy.content);

    // Wide screens: entries to the left and to the right of the line in turn; phones: one column.
    const box = async (i: number) => (await entries.nth(i).locator('article').boundingBox())!;
    const [first, second] = [await box(0), await box(1)];
    if (testInfo.project.name === 'desktop') {
      const middle = 1440 / 2;
      expect(first.x + first.width).toBeLessThanOrEqual(middle);
      expect(second.x).toBeGreaterThanOrEqual(middle);
    } else {
      expect(Math.abs(first.x - second.x)).toBeLessThan(1);
      expect(first.x + first.width).toBeLessThanOrEqual(375);
    }

    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('policy.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the timeline is in the static HTML', async ({ page, request }) => {
      const { policies } = policyListResponse.parse(await (await request.get('/api/policy/list')).json()).data;
      await page.goto('/policy');
      await expect(page.getByRole('heading', { level: 2, name: policies.at(-1)!.title })).toBeVisible();
    });
  });
});

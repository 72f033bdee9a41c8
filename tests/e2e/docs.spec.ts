import { expect, test } from '@playwright/test';
import { collectProblems } from './support/axe.ts';

test('the API reference renders with everything from our own origin', async ({ page, baseURL }) => {
  // Scalar's reference is one 5 MB script: on a busy 2-core machine it takes a while to start.
  test.slow();
  const origin = new URL(baseURL!).origin;
  const requested: string[] = [];
  const failed: string[] = [];
  const problems = collectProblems(page);
  page.on('request', (request) => requested.push(request.url()));
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));

  const response = await page.goto('/api/docs/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('非遗门户 API 文档');
  await expect(page.getByRole('heading', { level: 1, name: '非遗门户 API' })).toBeVisible({ timeout: 90_000 });
  // The first tag and its operation, rendered from the document.
  await expect(page.getByRole('heading', { level: 2, name: '运维' })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
  // Every web font the page asked for has loaded or failed by now.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });

  expect(requested).toContain(`${origin}/api/docs/openapi.json`);
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  expect(failed).toEqual([]);
  expect(problems).toEqual([]);
});

import { expect, type Page, test } from '@playwright/test';
import { achievementsResponse, donationProjectsResponse, myDonationsResponse } from '@feiyi/contract';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/** The simulated payment: the QR after 1 s, 10 s of waiting, then +10 % every 300 ms; paid at 14 s. */
const QR_MS = 1_000;
const WAIT_MS = 10_000;
const PAID_MS = QR_MS + WAIT_MS + 10 * 300;
/** The page checks the payment's progress every 100 ms. */
const TICK_MS = 100;

/**
 * Stops the page's time: from here only runFor moves the payment, whatever the machine's speed. The site's queries
 * deliver their answers on the page's timers, so the test resumes the clock before it waits for one.
 */
async function stopTheClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

async function openPage(page: Page) {
  const response = await page.goto('/public-welfare');
  expect(response?.status()).toBe(200);
  await hydrated(page, 'DonationPage');
}

test(
  'the donation page: header, donor table, honest-demo line, 2 × 6 projects; a guest is asked to log in',
  { tag: '@phone' },
  async ({ page, request }, testInfo) => {
    const problems = collectProblems(page);
    const { projects } = donationProjectsResponse.parse(await (await request.get('/api/donations/projects')).json()).data;
    expect(projects).toHaveLength(12);
    await openPage(page);
    await expect(page).toHaveTitle(/非遗公益/);
    await expect(page.getByRole('heading', { level: 1, name: '非遗公益' })).toBeVisible();
    await expect(page.locator('[data-demo]')).toContainText('不会产生任何真实扣款');
    const header = page.locator('section[aria-labelledby="welfare-title"] img').first();
    await expect(header).toHaveAttribute('fetchpriority', 'high');
    await expect(header).not.toHaveAttribute('loading', 'lazy');
    const feed = page.getByRole('region', { name: /最新捐赠/ });
    await expect(feed.getByRole('columnheader')).toHaveText(['捐赠人', '金额', '时间', '项目']);
    const cards = page.locator('[data-project]');
    await expect(cards).toHaveCount(12);
    await expect(cards.first().getByRole('heading')).toHaveText(projects[0]!.title);

    await page.screenshot({ path: testInfo.outputPath('public-welfare-top.png') });
    const hint = page.getByRole('button', { name: '上滑了解更多' });
    await expect(hint).toHaveAttribute('aria-expanded', 'false');
    await hint.focus();
    await page.keyboard.press('Enter');
    await expect(hint).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { name: '公益项目' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('public-welfare-panel.png') });
    await expectAccessible(page);

    await cards
      .first()
      .getByRole('button', { name: `捐赠：${projects[0]!.title}` })
      .click();
    await expect(page).toHaveURL(/\/login\/?\?redirect=%2Fpublic-welfare$/);
    expect(problems).toEqual([]);
  },
);

test('a donation: amount rules, QR, progress, the donor row on top and the achievements from the server', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  const { projects } = donationProjectsResponse.parse(await (await request.get('/api/donations/projects')).json()).data;
  const project = projects[2]!;
  const visitor = await newVisitor(request, 'give');
  await storeLogin(context, visitor);
  await page.clock.install();
  await openPage(page);
  const achievements = page.locator('[data-achievements]');
  await expect(achievements.locator('[data-achievement="first_donation"] [data-figures]')).toHaveText('0 / 1 次');

  await page
    .locator(`[data-project="${project.id}"]`)
    .getByRole('button', { name: `捐赠：${project.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: '确认捐赠' });
  const amount = dialog.getByRole('spinbutton', { name: '捐赠金额（元，1–10000）' });
  await expect(amount).toHaveValue('100');
  await dialog.getByRole('button', { name: '增加 10 元' }).click();
  await expect(amount).toHaveValue('110');
  await amount.fill('0');
  await dialog.getByRole('button', { name: '确认捐赠' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('捐赠金额不能少于 1 元');
  await amount.fill('10001');
  await dialog.getByRole('button', { name: '确认捐赠' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('单笔捐赠金额不能超过 10000 元');
  await amount.fill('300');
  await expectAccessible(page);
  await stopTheClock(page);
  await dialog.getByRole('button', { name: '确认捐赠' }).click();

  const pay = page.getByRole('dialog', { name: '扫码捐赠' });
  await expect(pay).toContainText('¥300.00');
  await page.clock.runFor(QR_MS);
  await expect(pay.locator('svg title')).toHaveText('捐赠支付二维码（演示）');
  await expect(pay.getByRole('progressbar', { name: '支付进度' })).toHaveCount(0);
  await page.clock.runFor(WAIT_MS);
  await expect(pay.getByRole('progressbar', { name: '支付进度' })).toBeVisible();
  const donated = page.waitForResponse((r) => r.url().includes('/api/donations/donate'));
  await page.clock.runFor(PAID_MS - QR_MS - WAIT_MS + TICK_MS);
  await page.clock.resume();
  expect((await donated).status()).toBe(200);
  const success = page.getByRole('dialog', { name: '捐赠成功' });
  await expect(success).toContainText(`感谢您向「${project.title}」捐赠 ¥300.00！`);
  await expect(success).toContainText('初心善举');

  const firstRow = page
    .getByRole('region', { name: /最新捐赠/ })
    .locator('tbody tr')
    .first();
  await expect(firstRow.getByRole('cell')).toHaveText([
    `${visitor.user.username[0]}**`,
    '¥300.00',
    /^\d{2}-\d{2} \d{2}:\d{2}$/,
    project.title,
  ]);
  await page.screenshot({ path: testInfo.outputPath('donation-success.png') });
  await success.getByRole('button', { name: '好的' }).click();

  // The achievement view refreshes 1.5 s after the donationSuccess event, with the server's figures.
  await page.clock.runFor(1_500);
  await expect(achievements.locator('[data-achievement="first_donation"] [data-figures]')).toHaveText('1 / 1 次');
  await expect(achievements.locator('[data-achievement="donation_amount"] [data-figures]')).toHaveText('300 / 1000 元');
  await expect(achievements.locator('[data-achievement="different_projects"] [data-figures]')).toHaveText('1 / 3 个项目');

  const auth = { authorization: `Bearer ${visitor.token}` };
  const mine = myDonationsResponse.parse(await (await request.get('/api/donations/mine', { headers: auth })).json()).data.records;
  expect(mine.map((d) => [d.projectId, d.amount])).toEqual([[project.id, 300]]);
  const states = achievementsResponse.parse(
    await (await request.get(`/api/achievements/user/${visitor.user.id}`, { headers: auth })).json(),
  );
  expect(states.data.find((a) => a.achievementType === 'donation_amount')?.currentValue).toBe(300);
  expect(problems).toEqual([]);
});

test('cancelling the payment stops it: 捐赠已取消 and nothing is recorded; the next donation is the only call', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const problems = collectProblems(page);
  const { projects } = donationProjectsResponse.parse(await (await request.get('/api/donations/projects')).json()).data;
  const visitor = await newVisitor(request, 'cancel');
  await storeLogin(context, visitor);
  await page.clock.install();
  await openPage(page);
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/donations/donate') && calls.push(r.url()));
  const give = async () => {
    await page.locator(`[data-project="${projects[0]!.id}"]`).getByRole('button', { name: /^捐赠/ }).click();
    await page.getByRole('dialog', { name: '确认捐赠' }).getByRole('button', { name: '确认捐赠' }).click();
    const pay = page.getByRole('dialog', { name: '扫码捐赠' });
    await page.clock.runFor(QR_MS);
    await expect(pay.getByRole('status')).toHaveText('请扫码完成支付（演示）');
    return pay;
  };

  const pay = await give();
  await pay.getByRole('button', { name: '取消捐赠' }).click();
  await expect(page.getByText('捐赠已取消')).toBeVisible();
  await expect(pay).toBeHidden();
  // Well past the time the payment would have finished.
  await page.clock.runFor(2 * PAID_MS);

  // The same steps without cancelling do call: that call, made after everything above, is the first and only one.
  const donated = page.waitForResponse((r) => r.url().includes('/api/donations/donate'));
  await give();
  await page.clock.runFor(PAID_MS);
  expect((await donated).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: '捐赠成功' })).toBeVisible();
  expect(calls).toHaveLength(1);
  const auth = { authorization: `Bearer ${visitor.token}` };
  const mine = myDonationsResponse.parse(await (await request.get('/api/donations/mine', { headers: auth })).json()).data.records;
  expect(mine.map((d) => [d.projectId, d.amount])).toEqual([[projects[0]!.id, 100]]);
  expect(problems).toEqual([]);
});

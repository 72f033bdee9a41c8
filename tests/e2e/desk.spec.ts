import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInToAdmin } from './support/admin.ts';
import { expectChinese } from './support/chinese.ts';

// The admin home's 运营工作台 as 运营 sees it: the four series with their 30-day charts, low stock, orders about to
// expire and the shipping export, all in Chinese; a bad date range is refused in Chinese; the export downloads a CSV
// with a BOM under a Chinese name. The 内容编辑 has no desk.

test('运营 sees the desk in Chinese and downloads the shipping export; the 内容编辑 has no desk', async ({ page, browser }) => {
  // Not a timed test: the admin's first load takes minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  await signInToAdmin(page, 'operator');
  await expect(page.getByText('运营工作台', { exact: true })).toBeVisible({ timeout: 90_000 });
  const desk = page.locator('[data-desk]');
  await expect(desk).toBeVisible({ timeout: 30_000 });
  for (const series of ['已支付订单', '销售额', '捐赠', '预约']) {
    const card = desk.locator(`[data-desk-series="${series}"]`);
    await expect(card.getByText(`${series}（今日）`)).toBeVisible();
    await expect(card.getByRole('img')).toHaveAttribute('aria-label', new RegExp(`^${series}：近 30 天每日`));
    await expect(card.locator('rect')).toHaveCount(30);
  }
  await expect(desk.getByText('库存不足（不超过 5 件）')).toBeVisible();
  await expect(desk.getByText('即将过期的待支付订单（10 分钟内）')).toBeVisible();
  await expectChinese(page, '运营工作台');

  const form = desk.locator('[data-desk-export]');
  await form.getByLabel('开始日期').fill('2026/11/01');
  await form.getByRole('button', { name: '导出已支付订单' }).click();
  await expect(desk.getByRole('alert')).toHaveText('开始日期应写成“年-月-日”，如 2026-11-01');
  await form.getByLabel('开始日期').fill('2026-11-02');
  await form.getByLabel('结束日期').fill('2026-11-01');
  await form.getByRole('button', { name: '导出已支付订单' }).click();
  await expect(desk.getByRole('alert')).toHaveText('开始日期不能晚于结束日期');

  await form.getByLabel('开始日期').fill('');
  await form.getByLabel('结束日期').fill('');
  const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: '导出已支付订单' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^已支付订单_\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe('订单号,支付时间（北京时间）,收货人,电话,收货地址,商品明细,实付金额（元）');
  await expect(desk.getByRole('alert')).toHaveCount(0);

  const editor = await browser.newPage();
  await signInToAdmin(editor, 'editor');
  await expect(editor.getByText('网站发布状态')).toBeVisible({ timeout: 90_000 });
  await expect(editor.getByText('运营工作台', { exact: true })).toHaveCount(0);
  await editor.close();
});

import { expect, test } from '@playwright/test';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { signInToAdmin } from './support/admin.ts';
import { expectChinese } from './support/chinese.ts';

// Scheduled publishing in the edit view (issue 35): 内容编辑 changes a culture item's description, saves it as the
// draft and sets 定时发布 at a Beijing time a minute or two ahead in the side panel; the admin home's 定时发布 lists it;
// at its time the CMS publishes it by itself and the site's page shows the change. Panel and list read in Chinese.
// The item's description is put back at the end.
const cmsUrl = () => process.env.TEST_CMS_URL!;
const collection = '/content-manager/collection-types/api::culture.culture';

/** The start of the minute after next, Beijing wall time as an editor types it (60–120 s ahead). */
function beijingMinuteAfterNext(): string {
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 120_000);
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return text;
}

test('an editor schedules the publish of a saved draft; it goes live at its time by itself', async ({ page, request }, testInfo) => {
  test.setTimeout(420_000);
  const list = (await (await request.get('/api/culture/page?page=3&size=10')).json()) as {
    data: { page: { records: Array<{ id: number; title: string; description: string }> } };
  };
  const item = list.data.page.records[5]!;
  const editor = await adminToken('editor');
  const found = await adminRequest(editor, 'GET', `${collection}?filters[pid][$eq]=${item.id}&pageSize=1`);
  const documentId = String((found.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const stamp = Date.now().toString(36);
  const changed = `定时修改${stamp}。${item.description}`;

  try {
    await signInToAdmin(page, 'editor');
    await page.goto(`${cmsUrl()}/admin${collection}/${documentId}`);
    const description = page.locator('textarea[name="description"]');
    await expect(description).toBeVisible({ timeout: 90_000 });
    await description.fill(changed);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.locator('[data-history-list] [data-version]').first()).toContainText('改动：简介', { timeout: 30_000 });

    const panel = page.locator('[data-schedule-panel]');
    await expect(page.getByRole('heading', { name: '定时发布' })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText('这个条目还没有定时。')).toBeVisible();
    // A time already past is refused in Chinese.
    // The field starts at the next whole hour, Beijing time.
    await expect(panel.getByLabel('执行时间（北京时间）')).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
    await panel.getByLabel('执行时间（北京时间）').fill('2020-01-01 09:00');
    await panel.getByRole('button', { name: '设置定时' }).click();
    await expect(panel.getByRole('alert')).toHaveText('这个时间已经过去，请选择一个将来的时间');

    await panel.getByLabel('要做的事').selectOption('publish');
    await panel.getByLabel('执行时间（北京时间）').fill(beijingMinuteAfterNext());
    await panel.getByRole('button', { name: '设置定时' }).click();
    const pending = panel.locator('[data-schedule][data-state="pending"]');
    await expect(pending).toHaveCount(1, { timeout: 30_000 });
    await expect(pending).toContainText('定时发布');
    await expect(pending).toContainText('待执行');
    await expect(pending).toContainText('由 演示编辑 设置');
    await expectChinese(page, 'edit view with the schedule panel');
    await page.screenshot({ path: testInfo.outputPath('schedule-panel.png') });
    // Not yet on the site: only saved.
    expect((await (await request.get(`/culture/item/${item.id}/`)).text()).includes(`定时修改${stamp}`)).toBe(false);

    // The admin home lists it, linked to the entry.
    await page.goto(`${cmsUrl()}/admin`);
    const listed = page.locator('[data-schedule-list]');
    await expect(listed.getByRole('link', { name: item.title })).toBeVisible({ timeout: 60_000 });
    await expectChinese(page, 'admin home with the schedule list');
    await page.screenshot({ path: testInfo.outputPath('schedule-list.png') });

    // Live at its time (60–120 s ahead, then within a minute), with no one pressing 发布.
    await expect
      .poll(async () => (await (await request.get(`/culture/item/${item.id}/`)).text()).includes(`定时修改${stamp}`), {
        timeout: 240_000,
        intervals: [1000, 2000, 5000],
      })
      .toBe(true);
    await page.goto(`${cmsUrl()}/admin${collection}/${documentId}`);
    await expect(panel.locator('[data-schedule][data-state="done"]')).toContainText('定时发布已执行', { timeout: 90_000 });
  } finally {
    const { body } = await adminRequest(editor, 'GET', `/feiyi-schedule/entries/api::culture.culture/${documentId}`);
    for (const schedule of (body?.data as unknown as { schedules: Array<{ id: number; state: string }> } | undefined)?.schedules ?? [])
      if (schedule.state === 'pending') await adminRequest(editor, 'POST', `/feiyi-schedule/schedules/${schedule.id}/cancel`, {});
    await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { description: item.description });
    await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {});
  }
});

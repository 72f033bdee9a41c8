import { expect, test } from '@playwright/test';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { signInToAdmin } from './support/admin.ts';
import { englishWords, expectChinese } from './support/chinese.ts';

// Version history in the edit view (issue 35): 内容编辑 changes a culture item's description twice, opens 历史版本 in
// the side panel, compares the first change with the draft, restores it as the draft, previews it and publishes it;
// the site's page then shows it. The panel and its dialog read in Chinese. The item's description is put back at the end.
const cmsUrl = () => process.env.TEST_CMS_URL!;
const collection = '/content-manager/collection-types/api::culture.culture';
const LIVE_WITHIN = { timeout: 60_000, intervals: [250, 500, 1000] };

test('an editor compares two versions of a culture item, restores the first as the draft, previews and publishes it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const list = (await (await request.get('/api/culture/page?page=2&size=10')).json()) as {
    data: { page: { records: Array<{ id: number; title: string; description: string }> } };
  };
  const item = list.data.page.records[3]!;
  const editor = await adminToken('editor');
  const found = await adminRequest(editor, 'GET', `${collection}?filters[pid][$eq]=${item.id}&pageSize=1`);
  const documentId = String((found.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const stamp = Date.now().toString(36);
  const first = `第一次修改${stamp}。${item.description}`;
  const second = `第二次修改${stamp}。${item.description}`;

  try {
    await signInToAdmin(page, 'editor');
    await page.goto(`${cmsUrl()}/admin${collection}/${documentId}`);
    const description = page.locator('textarea[name="description"]');
    await expect(description).toBeVisible({ timeout: 90_000 });
    const history = page.locator('[data-history-list]');
    for (const [index, text] of [first, second].entries()) {
      await description.fill(text);
      await page.getByRole('button', { name: '保存', exact: true }).click();
      // The saved document is read again (the panel lists the new version then): only now is the form the saved one.
      await expect(history.locator('[data-version]')).toHaveCount(index + 2, { timeout: 30_000 });
      await expect(description).toHaveValue(text);
    }

    // The panel lists the two saves (newest first) and the content as it was before them.
    await expect(page.getByRole('heading', { name: '历史版本' })).toBeVisible({ timeout: 30_000 });
    await expect(history.locator('[data-version]')).toHaveCount(3, { timeout: 30_000 });
    await expect(history.locator('[data-version]').nth(0)).toContainText('草稿');
    await expect(history.locator('[data-version]').nth(0)).toContainText('演示编辑');
    await expect(history.locator('[data-version]').nth(0)).toContainText('改动：简介');
    await expect(history.locator('[data-version]').nth(2)).toContainText('（此前的内容）');
    await expectChinese(page, 'edit view with the history panel');
    await page.screenshot({ path: testInfo.outputPath('history-panel.png') });

    // The first change beside the draft: the description differs, the title does not.
    await history.locator('[data-version]').nth(1).getByRole('button', { name: '对比与恢复' }).click();
    const dialog = page.getByRole('dialog', { name: '对比历史版本' });
    const row = dialog.locator('tr[data-field="description"]');
    await expect(row).toHaveAttribute('data-changed', 'true', { timeout: 30_000 });
    await expect(row.locator('td').nth(0)).toContainText(`第一次修改${stamp}`);
    await expect(row.locator('td').nth(1)).toContainText(`第二次修改${stamp}`);
    await expect(dialog.locator('tr[data-field="title"]')).toHaveAttribute('data-changed', 'false');
    await expect(dialog.locator('tr[data-field="cover"] img').first()).toBeVisible();
    // The dialog's own wording (its title, field names, column heads and buttons); the cells hold the entry's data.
    const wording = await dialog.locator('h2, th, button').allInnerTexts();
    expect(englishWords(wording.join('\n'))).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('history-compare.png') });

    await dialog.getByRole('button', { name: '恢复为草稿' }).click();
    await expect(description).toHaveValue(first, { timeout: 60_000 });
    await expect(history.locator('[data-version]').nth(0)).toContainText('恢复', { timeout: 30_000 });

    // The restored draft in the site's own page, then published.
    await page.getByRole('link', { name: '打开预览' }).click();
    const frame = page.frameLocator('iframe');
    await expect(frame.getByText('预览 · 草稿')).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByText(`第一次修改${stamp}`).first()).toBeVisible();
    await page.goto(`${cmsUrl()}/admin${collection}/${documentId}`);
    await expect(description).toHaveValue(first, { timeout: 90_000 });
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await expect
      .poll(async () => (await (await request.get(`/culture/item/${item.id}/`)).text()).includes(`第一次修改${stamp}`), LIVE_WITHIN)
      .toBe(true);
  } finally {
    await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { description: item.description });
    await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {});
  }
});

import { expect, test } from '@playwright/test';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';
import { signInToAdmin } from './support/admin.ts';

// The content manager's 预览 button (issue 23): an editor opens a culture item in the admin and its preview shows the
// site's own page in the admin's frame, under the ribbon; the admin's 已发布 tab shows the published version.
const cmsUrl = () => process.env.TEST_CMS_URL!;

async function firstCulture() {
  const response = await fetch(`${cmsUrl()}/api/cultures?sort=pid:asc&pagination[pageSize]=1`, {
    headers: { authorization: `Bearer ${process.env.TEST_CMS_TOKEN}` },
  });
  const body = (await response.json()) as { data: Array<{ documentId: string; title: string }> };
  return body.data[0]!;
}

test('the preview button shows a culture item in the site’s own page, under the ribbon', async ({ page }, testInfo) => {
  // Not a timed test: the admin's first load takes minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const culture = await firstCulture();

  await signInToAdmin(page, 'editor');

  await page.goto(`${cmsUrl()}/admin/content-manager/collection-types/api::culture.culture/${culture.documentId}`);
  const open = page.getByRole('link', { name: '打开预览' });
  await expect(open).toBeVisible({ timeout: 90_000 });
  await open.click();

  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('预览 · 草稿')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('heading', { level: 1, name: culture.title })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('preview-draft.png') });

  await page.getByRole('tab', { name: '已发布' }).click();
  await expect(frame.getByText('预览 · 已发布版本')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByRole('heading', { level: 1, name: culture.title })).toBeVisible();
});

interface Drafted {
  kind: string;
  uid: string;
  /** The content manager's path of the document (a single type has no document id in it). */
  manager: string;
  documentId: string;
  field: string;
  publicPage: string;
}

async function published(collection: string, query: string) {
  const response = await fetch(`${cmsUrl()}/api/${collection}?${query}`, {
    headers: { authorization: `Bearer ${process.env.TEST_CMS_TOKEN}` },
  });
  const body = (await response.json()) as { data: Record<string, unknown> | Array<Record<string, unknown>> };
  return Array.isArray(body.data) ? body.data[0]! : body.data;
}

/** Where each kind's document is, which field the test drafts and the public page that shows it. */
const DRAFTABLE = {
  product: {
    collection: 'products',
    query: 'sort=pid:asc&pagination[pageSize]=1',
    uid: 'api::product.product',
    field: 'description',
    publicPage: '/charity',
  },
  donation: {
    collection: 'donation-projects',
    query: 'sort=sort:asc&pagination[pageSize]=1',
    uid: 'api::donation-project.donation-project',
    field: 'description',
    publicPage: '/public-welfare',
  },
  home: { collection: 'home-page', query: '', uid: 'api::home-page.home-page', field: 'heroSubtitle', publicPage: '/' },
} as const;

async function drafted(kind: keyof typeof DRAFTABLE): Promise<Drafted> {
  const { collection, query, uid, field, publicPage } = DRAFTABLE[kind];
  const documentId = String((await published(collection, query)).documentId);
  const manager = kind === 'home' ? `/content-manager/single-types/${uid}` : `/content-manager/collection-types/${uid}/${documentId}`;
  return { kind, uid, manager, documentId, field, publicPage };
}

// The kinds whose pages are islands or the home page's modules: the drafted text is on screen once the page has
// hydrated (the shop's island would otherwise replace its first page with the live list), and never on the public page.
for (const kind of ['product', 'donation', 'home'] as const) {
  test(`a ${kind}'s draft shows in its preview after the page has hydrated, not on the public page, nor at a forged address`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const editor = await adminToken('editor');
    const target = await drafted(kind);
    const text = `${kind}草稿预览${Date.now().toString(36)}`;
    expect((await adminRequest(editor, 'PUT', target.manager, { [target.field]: text })).status).toBe(200);
    try {
      const answer = await adminRequest(
        editor,
        'GET',
        `/content-manager/preview/url/${target.uid}?documentId=${target.documentId}&status=draft`,
      );
      const url = String(answer.body?.data?.url);
      expect(url.startsWith(`${testEnv.webUrl}/preview/${kind}/`)).toBe(true);

      await page.goto(url);
      await expect(page.getByText('预览 · 草稿')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The donation page keeps its projects in a panel that slides up: present in the page, shown on demand.
      await expect(page.getByText(text).first()).toBeAttached();
      if (kind !== 'donation') await expect(page.getByText(text).first()).toBeVisible();

      await page.goto(target.publicPage);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(text)).toHaveCount(0);

      const signature = new URL(url).searchParams.get('signature')!;
      await page.goto(url.replace(signature, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`));
      await expect(page.getByRole('heading', { name: '预览链接无效' })).toBeVisible();
      await expect(page.getByText(text)).toHaveCount(0);
    } finally {
      await adminRequest(editor, 'POST', `${target.manager}/actions/discard`, {});
    }
  });
}

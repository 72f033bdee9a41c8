import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { testEnv } from '../support/env.ts';

// An editor publishes a change to a culture item, then unpublishes the item: the static item page, the /culture list
// (its first page is in the HTML), the sitemap and the search follow within seconds, without a full rebuild (the site
// builder renders only the pages the change touched). The item is published again as it was at the end.
const collection = '/content-manager/collection-types/api::culture.culture';
/** Publish → live is 5 s median, 10 s worst on a quiet machine; the bound leaves room for a busy one. */
const LIVE_WITHIN = { timeout: 60_000, intervals: [250, 500, 1000] };

interface CultureRecord {
  id: number;
  title: string;
  description: string;
}

const pageHtml = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  return { status: response.status(), html: response.ok() ? await response.text() : '' };
};

const searchHits = async (request: APIRequestContext, keyword: string) => {
  const body = (await (await request.get(`/api/culture/search?keyword=${encodeURIComponent(keyword)}&size=50`)).json()) as {
    data: { page: { records: CultureRecord[] } };
  };
  return body.data.page.records;
};

const siteBuild = async (request: APIRequestContext) =>
  (
    (await (await request.get('/api/internal/site-build', { headers: { 'x-webhook-secret': testEnv.webhookSecret } })).json()) as {
      data: { result: string | null; contentVersion: string | null; builtAt: string | null };
    }
  ).data;

test('a publish and an unpublish reach the item page, the list, the sitemap and the search within seconds', async ({ request }) => {
  test.setTimeout(300_000);
  // An item of the list's first page (in /culture's HTML), whatever other tests did to the others.
  const first = (await (await request.get('/api/culture/page?page=1&size=10')).json()) as { data: { page: { records: CultureRecord[] } } };
  const item = first.data.page.records[2]!;
  const editor = await adminToken('editor');
  const found = await adminRequest(editor, 'GET', `${collection}?filters[pid][$eq]=${item.id}&pageSize=1`);
  const documentId = String((found.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const itemPath = `/culture/item/${item.id}/`;
  const link = `href="/culture/item/${item.id}"`;
  const marker = `编辑刚刚发布${Date.now().toString(36)}`;
  const publish = async (description: string) => {
    expect((await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { description })).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
  };

  try {
    await publish(`${marker}。${item.description}`);
    await expect.poll(async () => (await pageHtml(request, itemPath)).html.includes(marker), LIVE_WITHIN).toBe(true);
    // One swap brings every touched page: the list's card shows the new description's start too.
    expect((await pageHtml(request, '/culture/')).html).toContain(marker);
    expect((await searchHits(request, item.title)).find((hit) => hit.id === item.id)?.description).toContain(marker);
    // Editors see what the site builder did (it reports just after the swap): only the touched pages were rendered.
    await expect.poll(async () => (await siteBuild(request)).result, LIVE_WITHIN).toBe('pages');

    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/unpublish`, {})).status).toBe(200);
    await expect.poll(async () => (await pageHtml(request, itemPath)).status, LIVE_WITHIN).toBe(404);
    const list = await pageHtml(request, '/culture/');
    expect(list.html).not.toContain(link);
    expect(list.html).not.toContain(marker);
    expect((await pageHtml(request, '/sitemap.xml')).html).not.toContain(`/culture/item/${item.id}/</loc>`);
    expect((await searchHits(request, item.title)).map((hit) => hit.id)).not.toContain(item.id);
  } finally {
    await publish(item.description);
  }
  await expect.poll(async () => (await pageHtml(request, itemPath)).html.includes(item.title), LIVE_WITHIN).toBe(true);
  const restored = await pageHtml(request, '/culture/');
  expect(restored.html).toContain(link);
  expect(restored.html).not.toContain(marker);
});

/** The code points the served heading font declares (every @font-face unicode-range of /fonts/serif.css). */
const fontCovers = async (request: APIRequestContext, char: string) => {
  const css = await (await request.get('/fonts/serif.css')).text();
  const code = char.codePointAt(0)!;
  return [...css.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)].some(
    ([, from = '', to]) => code >= parseInt(from, 16) && code <= parseInt(to ?? from, 16),
  );
};

test('a title with a character the heading font lacks goes live without a full build, glyph included', async ({ request, page }) => {
  test.setTimeout(300_000);
  const first = (await (await request.get('/api/culture/page?page=1&size=10')).json()) as { data: { page: { records: CultureRecord[] } } };
  const item = first.data.page.records[4]!;
  const editor = await adminToken('editor');
  const found = await adminRequest(editor, 'GET', `${collection}?filters[pid][$eq]=${item.id}&pageSize=1`);
  const documentId = String((found.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const itemPath = `/culture/item/${item.id}/`;
  // A real but rare character (the end of the CJK unified block) that no heading of the site holds yet.
  let glyph = '';
  for (let code = 0x9fa5; code > 0x9e00 && !glyph; code--) {
    if (!(await fontCovers(request, String.fromCodePoint(code)))) glyph = String.fromCodePoint(code);
  }
  expect(glyph).not.toBe('');
  const publish = async (data: Record<string, string>) => {
    expect((await adminRequest(editor, 'PUT', `${collection}/${documentId}`, data)).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
  };

  try {
    await publish({ title: `${item.title}${glyph}` });
    await expect.poll(async () => (await pageHtml(request, itemPath)).html.includes(`${item.title}${glyph}`), LIVE_WITHIN).toBe(true);
    // Live together with its glyph: the font's stylesheet declares a slice holding it, and only pages were rendered.
    expect(await fontCovers(request, glyph)).toBe(true);
    await expect.poll(async () => (await siteBuild(request)).result, LIVE_WITHIN).toBe('pages');
    // The page asks the font for the character, and the browser gets every slice it needs (html[data-serif] is set then).
    await page.goto(itemPath);
    expect(await page.locator('html').getAttribute('data-serif-text')).toContain(glyph);
    await expect(page.locator('html')).toHaveAttribute('data-serif', '', { timeout: 30_000 });
    expect(await page.evaluate((text) => document.fonts.check('600 1em "Feiyi Serif"', text), glyph)).toBe(true);

    // The next publish renders its pages at once: nothing waits for a font build.
    const marker = `新字之后${Date.now().toString(36)}`;
    await publish({ description: `${marker}。${item.description}` });
    await expect.poll(async () => (await pageHtml(request, itemPath)).html.includes(marker), LIVE_WITHIN).toBe(true);
    await expect.poll(async () => (await siteBuild(request)).result, LIVE_WITHIN).toBe('pages');
  } finally {
    await publish({ title: item.title, description: item.description });
  }
  await expect.poll(async () => (await pageHtml(request, itemPath)).html.includes(`${item.title}${glyph}`), LIVE_WITHIN).toBe(false);
});

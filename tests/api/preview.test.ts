import { createHmac } from 'node:crypto';
import { serialSlug } from '@feiyi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { cmsGet, testEnv } from '../support/env.ts';

/**
 * The editors' preview (issue 23): the content manager's 预览 button asks its handler (cms/config/admin.ts) for a
 * signed address; the site renders the draft there with the public page's own components, under a ribbon, never
 * cached nor indexed; without a valid, unexpired signature it shows nothing.
 */
interface Previewed {
  uid: string;
  kind: string;
  documentId: string;
  field: string;
  published: string;
  publicPage: string;
  /** A single type (the home page's curation) is edited without a document id in the content manager's path. */
  single?: boolean;
}

/** The content manager's address of a document (its edit and actions go under it). */
const managerPath = (target: Previewed) =>
  target.single ? `/content-manager/single-types/${target.uid}` : `/content-manager/collection-types/${target.uid}/${target.documentId}`;

const draftText = (what: string) => `${what}的草稿修改 ${Date.now().toString(36)}`;
/** The start of a published text: enough to recognise it, short of any character a page would escape. */
const startOf = (text: string) => text.slice(0, 16);

async function publishedDocument(collection: string, query: string) {
  const { body } = await cmsGet(`/api/${collection}?${query}&pagination[pageSize]=1`);
  const [document] = body.data as Array<Record<string, unknown>>;
  if (!document) throw new Error(`no published ${collection}`);
  return document;
}

/** The address the preview button opens, as the content manager's handler builds it. */
async function previewUrl(token: string, target: Previewed, status: 'draft' | 'published') {
  const { status: code, body } = await adminRequest(
    token,
    'GET',
    `/content-manager/preview/url/${target.uid}?documentId=${target.documentId}&status=${status}`,
  );
  expect(code).toBe(200);
  return String(body?.data?.url);
}

const page = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  return { response, html: await response.text() };
};

function expectPrivate(response: Response) {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toContain('noindex');
}

describe('preview of drafts in the site', () => {
  let token: string;
  const targets: Previewed[] = [];
  const edits = new Map<Previewed, string>();

  beforeAll(async () => {
    token = await adminToken('editor');
    const culture = await publishedDocument('cultures', 'filters[pid][$notNull]=true&sort=pid:desc');
    const theme = await publishedDocument('heritage-pages', 'filters[slug][$eq]=kunqu-opera');
    const person = await publishedDocument('inheritors', 'filters[introduction][$notNull]=true&sort=pid:asc');
    const policy = await publishedDocument('policies', 'sort=pubDate:desc');
    const product = await publishedDocument('products', 'sort=pid:asc');
    const project = await publishedDocument('donation-projects', 'sort=sort:asc');
    const home = (await cmsGet('/api/home-page')).body.data as Record<string, unknown>;
    targets.push(
      {
        uid: 'api::culture.culture',
        kind: 'culture',
        documentId: String(culture.documentId),
        field: 'description',
        published: String(culture.description),
        publicPage: `/culture/item/${String(culture.pid)}`,
      },
      {
        uid: 'api::heritage-page.heritage-page',
        kind: 'heritage',
        documentId: String(theme.documentId),
        field: 'summary',
        published: String(theme.summary),
        publicPage: `/${String(theme.slug)}`,
      },
      {
        uid: 'api::inheritor.inheritor',
        kind: 'inheritor',
        documentId: String(person.documentId),
        field: 'introduction',
        published: String(person.introduction),
        publicPage: `/inheritors/${String(person.pid)}`,
      },
      {
        uid: 'api::policy.policy',
        kind: 'policy',
        documentId: String(policy.documentId),
        field: 'content',
        published: String(policy.content),
        publicPage: '/policy',
      },
      {
        uid: 'api::product.product',
        kind: 'product',
        documentId: String(product.documentId),
        field: 'description',
        published: String(product.description),
        publicPage: '/charity',
      },
      {
        uid: 'api::donation-project.donation-project',
        kind: 'donation',
        documentId: String(project.documentId),
        field: 'description',
        published: String(project.description),
        publicPage: '/public-welfare',
      },
      {
        uid: 'api::home-page.home-page',
        kind: 'home',
        documentId: String(home.documentId),
        field: 'heroSubtitle',
        published: String(home.heroSubtitle),
        publicPage: '/',
        single: true,
      },
    );
    // An editor saves a change without publishing it: only the draft has it.
    for (const target of targets) {
      const text = draftText(target.kind);
      const saved = await adminRequest(token, 'PUT', managerPath(target), {
        [target.field]: text,
      });
      expect(saved.status).toBe(200);
      edits.set(target, text);
    }
  });

  afterAll(async () => {
    // Back to the published version: the draft's change is thrown away.
    for (const target of targets) {
      await adminRequest(token, 'POST', `${managerPath(target)}/actions/discard`, {});
    }
  });

  it.each(['culture', 'heritage', 'inheritor', 'policy', 'product', 'donation', 'home'])(
    'shows the draft of a %s under the ribbon, and the published version through the switch',
    async (kind) => {
      const target = targets.find((t) => t.kind === kind)!;
      const draft = edits.get(target)!;
      const url = await previewUrl(token, target, 'draft');
      expect(url.startsWith(`${testEnv.webUrl}/preview/${kind}/${target.documentId}?`)).toBe(true);

      const shown = await page(url);
      expect(shown.response.status).toBe(200);
      expectPrivate(shown.response);
      expect(shown.html).toContain(draft);
      expect(shown.html).not.toContain(startOf(target.published));
      expect(shown.html).toContain('预览 · 草稿');
      expect(shown.html).toContain('<meta name="robots" content="noindex, nofollow">');
      // The content manager's panel may frame it; helmet's SAMEORIGIN would forbid that.
      expect(shown.response.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${new URL(testEnv.cmsUrl).origin}`);
      expect(shown.response.headers.get('x-frame-options')).toBeNull();

      // The ribbon's switch: the same signature, the published version.
      const switchHref = /href="([^"]*status=published[^"]*)"/.exec(shown.html)?.[1]?.replaceAll('&amp;', '&');
      expect(switchHref).toBeDefined();
      const published = await page(new URL(switchHref!, testEnv.webUrl).href);
      expect(published.response.status).toBe(200);
      expectPrivate(published.response);
      expect(published.html).toContain(startOf(target.published));
      expect(published.html).not.toContain(draft);
      expect(published.html).toContain('预览 · 已发布版本');
      // The content manager's 已发布 tab asks for the same.
      expect(new URL(await previewUrl(token, target, 'published')).searchParams.get('status')).toBe('published');

      // Visitors still see the published text, on the page and through the API.
      const visitor = await page(`${testEnv.webUrl}${target.publicPage}`);
      expect(visitor.response.status).toBe(200);
      expect(visitor.html).toContain(startOf(target.published));
      expect(visitor.html).not.toContain(draft);
    },
  );

  it('shows a national-list entry as saved on its item’s page, marked, without a draft switch (the list has no drafts)', async () => {
    const { body } = await cmsGet('/api/national-entries?sort=id:asc&pagination[pageSize]=1');
    const [entry] = body.data as Array<{ documentId: string; serial: string; region: string }>;
    const target: Previewed = {
      uid: 'api::national-entry.national-entry',
      kind: 'national',
      documentId: entry!.documentId,
      field: 'region',
      published: entry!.region,
      publicPage: `/minglu/${serialSlug(entry!.serial)}`,
    };
    const region = draftText('名录');
    expect((await adminRequest(token, 'PUT', managerPath(target), { region })).status).toBe(200);
    try {
      const url = await previewUrl(token, target, 'draft');
      expect(url.startsWith(`${testEnv.webUrl}/preview/national/${target.documentId}?`)).toBe(true);
      const shown = await page(url);
      expect(shown.response.status).toBe(200);
      expectPrivate(shown.response);
      expect(shown.html).toContain('预览 · 已保存');
      expect(shown.html).not.toContain('切换版本');
      // The item's page (its serial in the heading), the entry's row marked and linked from the ribbon.
      expect(shown.html).toContain(entry!.serial);
      expect(shown.html).toMatch(new RegExp(`id="entry-\\d+"[^>]*>\\s*<td>(?:\\s*<a[^>]*>)?\\s*${region}`));
      expect(shown.html).toContain('<meta name="robots" content="noindex, nofollow">');

      const signature = new URL(url).searchParams.get('signature')!;
      const forged = await page(url.replace(signature, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`));
      expect(forged.response.status).toBe(403);
      expect(forged.html).not.toContain(region);
    } finally {
      await adminRequest(token, 'PUT', managerPath(target), { region: target.published });
    }
  });

  it.each(['product', 'donation', 'home'])('shows nothing of a %s’s draft with a wrong signature', async (kind) => {
    const target = targets.find((t) => t.kind === kind)!;
    const url = await previewUrl(token, target, 'draft');
    const signature = new URL(url).searchParams.get('signature')!;
    const forged = await page(url.replace(signature, `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`));
    expect(forged.response.status).toBe(403);
    expectPrivate(forged.response);
    expect(forged.html).toContain('预览链接无效');
    expect(forged.html).not.toContain(edits.get(target)!);
  });

  it('shows nothing without a signature, with a wrong or expired one, or with another document’s', async () => {
    const target = targets[0]!;
    const url = new URL(await previewUrl(token, target, 'draft'));
    const bare = `${url.origin}${url.pathname}`;
    const draft = edits.get(target)!;

    const unsigned = await page(bare);
    expect(unsigned.response.status).toBe(401);
    expect(unsigned.html).toContain('需要预览链接');

    const signature = url.searchParams.get('signature')!;
    const forged = `${bare}?expires=${url.searchParams.get('expires')}&signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const wrong = await page(forged);
    expect(wrong.response.status).toBe(403);
    expect(wrong.html).toContain('预览链接无效');

    const later = await page(`${bare}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`);
    expect(later.response.status).toBe(403);
    expect(later.html).toContain('预览链接无效');

    const past = Math.floor(Date.now() / 1000) - 60;
    const pastSignature = createHmac('sha256', testEnv.previewSecret)
      .update(`preview:culture:${target.documentId}:${past}`)
      .digest('base64url');
    const expired = await page(`${bare}?expires=${past}&signature=${pastSignature}`);
    expect(expired.response.status).toBe(403);
    expect(expired.html).toContain('预览链接已过期');

    const other = targets[1]!;
    const otherUrl = new URL(await previewUrl(token, other, 'draft'));
    const borrowed = await page(`${bare}${otherUrl.search}`);
    expect(borrowed.response.status).toBe(403);

    for (const refused of [unsigned, wrong, later, expired, borrowed]) {
      expectPrivate(refused.response);
      expect(refused.html).not.toContain(draft);
    }
  });

  it('keeps preview addresses and the server build out of the sitemap and the static files', async () => {
    const sitemap = await page(`${testEnv.webUrl}/sitemap.xml`);
    expect(sitemap.response.status).toBe(200);
    expect(sitemap.html).not.toContain('/preview');
    for (const path of ['/_server/entry.mjs', '/_server/entry.mjs.br', '/%5Fserver/entry.mjs']) {
      expect((await fetch(`${testEnv.webUrl}${path}`)).status).toBe(404);
    }
  });
});

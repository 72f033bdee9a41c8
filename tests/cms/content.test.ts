import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSeedData } from '../../cms/seed/load-data.ts';
import { loadNationalTables } from '../../cms/seed/national-facts.ts';
import { adminRequest, adminToken, registerUser } from '../support/cms-admin.ts';
import { cmsGet, testEnv } from '../support/env.ts';

const seed = loadSeedData(path.resolve(import.meta.dirname, '../../cms/seed/data'));
const national = loadNationalTables(path.resolve(import.meta.dirname, '../../cms/seed/facts'));

type Doc = Record<string, unknown>;
const total = (body: { meta?: { pagination?: { total: number } } }) => body.meta?.pagination?.total;

describe('content model and seed (real Strapi, real database)', () => {
  it('has every public content type, seeded with the reviewable data files', async () => {
    const expected: Array<[string, number]> = [
      ['categories', seed.categories.length],
      ['provinces', 34],
      ['cultures', seed.cultures.length],
      // The national list's inheritors, the written profiles among them.
      ['inheritors', national.inheritors.length],
      ['national-entries', national.items.length],
      ['policies', seed.policies.length],
      ['timeline-entries', 10],
      ['news-items', seed.news.length],
      ['heritage-pages', 15],
      ['products', seed.products.length],
      ['donation-projects', seed.donationProjects.length],
      ['workshops', 4],
    ];
    for (const [collection, count] of expected) {
      const { status, body } = await cmsGet(`/api/${collection}?pagination[pageSize]=1`);
      expect(status, collection).toBe(200);
      expect(total(body), collection).toBe(count);
    }
  });

  it('keeps the spec category codes 66–75 and links cultures to category and province', async () => {
    const { body } = await cmsGet('/api/cultures?filters[slug][$eq]=jingju');
    const [jingju] = body.data as Doc[];
    expect(jingju).toMatchObject({ title: '京剧', category: { code: 67, officialName: '传统戏剧' }, province: { shortName: '北京' } });
    expect((jingju!.listing as Doc).batchYear).toBe(2006);
    expect(String((jingju!.cover as Doc).url)).toMatch(/^\/uploads\/.+\.svg$/);
    expect([...String(jingju!.content)].length).toBeGreaterThanOrEqual(300);
  });

  it('gives a culture item its primary province, described for editors: the home where several provinces declared it', async () => {
    const primary = async (slug: string) =>
      (((await cmsGet(`/api/cultures?filters[slug][$eq]=${slug}`)).body.data as Doc[])[0]!.province as Doc | null)?.shortName ?? null;
    expect(await primary('kunqu')).toBe('江苏');
    expect(await primary('dongzu-dage')).toBe('贵州');
    expect(await primary('liangzhu-chuanshuo')).toBeNull();
    const { status, body } = await adminRequest(
      await adminToken(),
      'GET',
      '/content-manager/content-types/api::culture.culture/configuration',
    );
    expect(status).toBe(200);
    const field = (body!.data as { contentType: { metadatas: Record<string, { edit: { label: string; description: string } }> } })
      .contentType.metadatas.province!.edit;
    expect(field.label).toBe('主要省份');
    expect(field.description).toContain('公认的发源地或中心');
  });

  it('seeds the fact-checked sentences (2009 京剧 inheritors, the 2005 proclamations, the 2008 category names)', async () => {
    const one = async (collection: string, filter: string) => ((await cmsGet(`/api/${collection}?${filter}`)).body.data as Doc[])[0]!;
    for (const slug of ['feng-zhixiao', 'zhang-chunxiao']) {
      const person = await one('inheritors', `filters[slug][$eq]=${slug}`);
      expect(person.introduction, slug).toContain('2009年同批认定的京剧代表性传承人共13位，其中由中国京剧院申报的还有王晶华');
    }
    for (const code of ['neimenggu', 'xinjiang']) {
      const province = await one('provinces', `filters[code][$eq]=${code}`);
      expect(province.culture, code).toContain(
        '2005年被联合国教科文组织宣布为人类口头和非物质遗产代表作，2008年列入人类非物质文化遗产代表作名录',
      );
    }
    const news = await one('news-items', 'filters[slug][$eq]=first-national-inheritors-2007');
    expect(news.body).toContain('其中三个门类改用现行名称：“杂技与竞技”改称“传统体育、游艺与杂技”');
  });

  it('seeds the four workshops with their prices and ten seats each', async () => {
    const { body } = await cmsGet('/api/workshops?sort=startTime:asc');
    const workshops = body.data as Doc[];
    expect(workshops.map((w) => [Number(w.price), w.seats])).toEqual([
      [99, 10],
      [89, 10],
      [109, 10],
      [79, 10],
    ]);
  });

  it('curates the home page: 9 hot items and 5 showcased inheritors, in order', async () => {
    const { body } = await cmsGet('/api/home-page');
    const home = body.data as { hotCultures: Doc[]; showcaseInheritors: Doc[] };
    expect(home.hotCultures.map((c) => c.title)).toHaveLength(9);
    expect(home.hotCultures[0]!.title).toBe('京剧');
    expect(home.showcaseInheritors.map((i) => i.name)).toEqual(['张继青', '钱美华', '徐朝兴', '周兆明', '冯根生']);
  });
});

describe('public access (no token)', () => {
  // The admin's tab icon is the portal's seal; Strapi's favicon middleware answered 500 while the file was missing.
  it('serves the admin a favicon', async () => {
    const response = await fetch(`${testEnv.cmsUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A PNG (Strapi labels any favicon image/x-icon; browsers read the bytes).
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('can read published content', async () => {
    const { status, body } = await cmsGet('/api/cultures?pagination[pageSize]=2', { token: null });
    expect(status).toBe(200);
    expect((body.data as Doc[]).length).toBe(2);
  });

  describe('drafts', () => {
    let editor: string;
    let documentId: string;
    beforeAll(async () => {
      editor = await adminToken();
      const created = await adminRequest(editor, 'POST', '/content-manager/collection-types/api::culture.culture', {
        title: '未发布的草稿',
        slug: `draft-${Date.now()}`,
        content: '编辑尚未发布的内容。',
      });
      expect(created.status).toBe(201);
      documentId = String(created.body?.data?.documentId);
    });

    it('never sees an unpublished draft, even when asking for drafts', async () => {
      for (const query of ['', '&status=draft']) {
        const { body } = await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}${query}`, { token: null });
        expect(body.data, query).toEqual([]);
      }
      const single = await cmsGet(`/api/cultures/${documentId}?status=draft`, { token: null });
      expect(single.status).toBe(404);
    });

    it('sees it once an editor publishes it', async () => {
      const published = await adminRequest(
        editor,
        'POST',
        `/content-manager/collection-types/api::culture.culture/${documentId}/actions/publish`,
        {},
      );
      expect(published.status).toBe(200);
      const { body } = await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}`, { token: null });
      expect((body.data as Doc[]).map((d) => d.title)).toEqual(['未发布的草稿']);
      await adminRequest(editor, 'DELETE', `/content-manager/collection-types/api::culture.culture/${documentId}`);
    });
  });

  // User data has no REST routes at all (404); the adapter's own routes under /portal are refused to anyone without a grant (403).
  it.each(['orders', 'donations', 'favourites', 'follows', 'browse-records', 'achievements', 'bookings'])(
    'cannot read user data: /api/%s',
    async (collection) => {
      const { status } = await cmsGet(`/api/${collection}`, { token: null });
      expect(status).toBe(404);
    },
  );

  it.each(['orders', 'donations', 'favourites', 'follows', 'browse-records', 'bookings'])(
    'cannot read /api/portal/%s',
    async (collection) => {
      const { status } = await cmsGet(`/api/portal/${collection}`, { token: null });
      expect(status).toBe(403);
    },
  );

  it('cannot list users', async () => {
    const { status } = await cmsGet('/api/users', { token: null });
    expect(status).toBe(403);
  });
});

describe('a logged-in visitor talking to Strapi directly', () => {
  it("cannot list users or read another user's account", async () => {
    const alice = await registerUser('alice');
    const bob = await registerUser('bob');
    expect((await cmsGet('/api/users', { token: alice.jwt })).status).toBe(403);
    expect((await cmsGet(`/api/users/${bob.id}`, { token: alice.jwt })).status).toBe(403);
    const me = await cmsGet('/api/users/me', { token: alice.jwt });
    expect(me.status).toBe(200);
    expect((me.body as unknown as { username: string }).username).toBe(alice.username);
  });

  it.each(['orders', 'donations', 'favourites', 'bookings'])('cannot read /api/%s', async (collection) => {
    const alice = await registerUser('carol');
    const { status } = await cmsGet(`/api/${collection}`, { token: alice.jwt });
    expect(status).toBe(404);
  });
});

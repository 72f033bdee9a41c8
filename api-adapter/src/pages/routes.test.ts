import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { heritageListResponse, heritageResponse, homeResponse, newsListResponse, newsResponse } from '@feiyi/contract/content';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import type { strapiCulture } from '../culture/mapper.ts';
import type { strapiInheritor } from '../inheritor/mapper.ts';
import type { strapiTimelineEntry } from '../policy/mapper.ts';
import type { strapiHeritagePage, strapiHomePage, strapiNewsItem } from './mapper.ts';

const PUBLIC_URL = 'https://feiyi.example';

/** Two published items: 京剧 (pid 7) and 昆曲 (pid 8). */
const cultures: Array<z.input<typeof strapiCulture>> = [
  { id: 41, documentId: 'jingju', pid: 7, title: '京剧' },
  { id: 42, documentId: 'kunqu', pid: 8, title: '昆曲' },
];
/** One inheritor with a written profile (pid 11) and two pictures. */
const inheritors: Array<z.input<typeof strapiInheritor>> = [
  {
    id: 301,
    pid: 11,
    name: '梅葆玖',
    skillType: '京剧',
    level: 'national',
    batchYear: 2008,
    introduction: '梅派艺术传人。',
    skillFeatures: '',
    images: [{ url: '/uploads/mei.png' }, { url: '/uploads/mei-2.png' }],
  },
];
/** The editors' picks: 昆曲, an unpublished item (99), 京剧; the inheritor and a pick without a pid. */
const homePage: z.input<typeof strapiHomePage> = {
  heroTitle: '非遗中国',
  heroSubtitle: '看见活着的传统',
  hotCultures: [{ pid: 8 }, { pid: 99 }, { pid: 7 }],
  showcaseInheritors: [{ pid: 11 }, { pid: null }],
};
const timeline: Array<z.input<typeof strapiTimelineEntry>> = [{ year: 2011, title: '非遗法施行', passage: '非物质文化遗产法通过。' }];
/** 京剧's theme page (pid 1, slug peking-opera) and 昆曲's, which has no pid. */
const heritagePages: Array<z.input<typeof strapiHeritagePage>> = [
  {
    id: 501,
    pid: 1,
    slug: 'peking-opera',
    title: '京剧',
    subtitle: '国粹',
    summary: '京剧专题',
    body: '<p>正文</p>',
    sort: 1,
    cover: { url: '/uploads/peking-opera.png' },
    relatedCultures: [
      { pid: 7, title: '京剧' },
      { pid: null, title: '未发布的条目' },
    ],
  },
  { id: 502, pid: null, slug: 'kunqu', title: '昆曲', verification: 'pending', note: '待核实', sort: 2 },
];
const pekingOpera = {
  id: 1,
  slug: 'peking-opera',
  title: '京剧',
  subtitle: '国粹',
  summary: '京剧专题',
  body: '<p>正文</p>',
  coverImage: `${PUBLIC_URL}/uploads/peking-opera.png`,
  verification: 'verified',
  note: '',
  relatedCultures: [{ id: 7, title: '京剧' }],
};
const newsItems: Array<z.input<typeof strapiNewsItem>> = [
  {
    id: 601,
    pid: 5,
    title: '第六批传承人公布',
    summary: '摘要',
    date: '2025-03-01T00:00:00.000Z',
    source: '文化和旅游部',
    cover: { url: '/uploads/news-5.png' },
    video: { url: 'https://cdn.example.cn/news-5.mp4' },
  },
];
const news5 = {
  id: 5,
  title: '第六批传承人公布',
  summary: '摘要',
  desc: '',
  body: '',
  date: '2025-03-01',
  coverImage: `${PUBLIC_URL}/uploads/news-5.png`,
  videoPath: 'https://cdn.example.cn/news-5.mp4',
  source: '文化和旅游部',
};

const adapter = adaptersClosedAfterEach();

async function adapterWithPages() {
  const stub = stubCms({
    collections: { cultures, inheritors, 'timeline-entries': timeline, 'heritage-pages': heritagePages, 'news-items': newsItems },
    singles: { 'home-page': homePage, 'portal/national-list': { entries: [], inheritors: [] } },
  });
  const { server } = await adapter(stub.cms, { PUBLIC_URL });
  return { server, stub };
}

describe('GET /api/home', () => {
  it('answers the editors’ picks in their order, unpublished picks left out, with the timeline and theme entries', async () => {
    const { server, stub } = await adapterWithPages();
    const answer = await server.inject({ method: 'GET', url: '/api/home' });
    expect(answer.statusCode).toBe(200);
    const home = homeResponse.parse(answer.json()).data;
    expect(home.hotCultures.map((c) => [c.id, c.title])).toEqual([
      [8, '昆曲'],
      [7, '京剧'],
    ]);
    expect(home).toMatchObject({
      heroTitle: '非遗中国',
      heroSubtitle: '看见活着的传统',
      inheritors: [
        {
          id: 11,
          name: '梅葆玖',
          titles: ['国家级非遗代表性传承人', '京剧', '2008年认定'],
          // No skill features written: the introduction stands in; the first picture is the portrait.
          description: '梅派艺术传人。',
          image: `${PUBLIC_URL}/uploads/mei.png`,
        },
      ],
      timeline: [{ year: 2011, title: '非遗法施行', passage: '非物质文化遗产法通过。', policyId: null, note: null }],
      heritagePages: [
        { id: 1, slug: 'peking-opera', title: '京剧' },
        { id: 502, slug: 'kunqu', title: '昆曲' },
      ],
    });
    expect(home.inheritors).toHaveLength(1);
    expect(stub.calls).toEqual([]);
  });
});

describe('theme pages', () => {
  it('lists the 15 pages as the CMS sorted them, with absolute covers and only published related items', async () => {
    const { server } = await adapterWithPages();
    const answer = await server.inject({ method: 'GET', url: '/api/heritage/list' });
    expect(heritageListResponse.parse(answer.json()).data.pages).toEqual([
      pekingOpera,
      {
        id: 502,
        slug: 'kunqu',
        title: '昆曲',
        subtitle: '',
        summary: '',
        body: '',
        coverImage: '',
        verification: 'pending',
        note: '待核实',
        relatedCultures: [],
      },
    ]);
  });

  it('finds a page by its number or its slug', async () => {
    const { server } = await adapterWithPages();
    for (const key of ['1', 'peking-opera']) {
      const answer = await server.inject({ method: 'GET', url: `/api/heritage/${key}` });
      expect(answer.statusCode, key).toBe(200);
      expect(heritageResponse.parse(answer.json()).data.heritage, key).toEqual(pekingOpera);
    }
    const kunqu = await server.inject({ method: 'GET', url: '/api/heritage/502' });
    expect(kunqu.json().data.heritage.slug).toBe('kunqu');
  });

  it('answers 404 for a page that does not exist and 400 for a key that is neither a number nor a slug', async () => {
    const { server } = await adapterWithPages();
    for (const key of ['2', 'sichuan-opera']) {
      const answer = await server.inject({ method: 'GET', url: `/api/heritage/${key}` });
      expect(answer.statusCode, key).toBe(404);
      expect(answer.json(), key).toEqual({ code: ERROR_CODES.notFound, message: '专题不存在', data: null });
    }
    for (const key of ['Peking-Opera', 'peking_opera', '-1']) {
      const answer = await server.inject({ method: 'GET', url: `/api/heritage/${key}` });
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json(), key).toEqual({ code: ERROR_CODES.validation, message: '专题编号无效', data: null });
    }
  });
});

describe('news', () => {
  it('lists the news and answers one by its public id, dates cut to the day, media made absolute', async () => {
    const { server } = await adapterWithPages();
    const list = await server.inject({ method: 'GET', url: '/api/news/list' });
    expect(newsListResponse.parse(list.json()).data.news).toEqual([news5]);
    const one = await server.inject({ method: 'GET', url: '/api/news/5' });
    expect(newsResponse.parse(one.json()).data.news).toEqual(news5);
  });

  it('answers 404 for news that does not exist (the document id is not the public id) and 400 for a bad id', async () => {
    const { server } = await adapterWithPages();
    const missing = await server.inject({ method: 'GET', url: '/api/news/601' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: ERROR_CODES.notFound, message: '资讯不存在', data: null });
    for (const [id, message] of [
      ['abc', '资讯编号 必须是数字'],
      ['0', '资讯编号 不能小于 1'],
      ['1.5', '资讯编号 必须是整数'],
    ] as const) {
      const answer = await server.inject({ method: 'GET', url: `/api/news/${id}` });
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json(), id).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
  });
});

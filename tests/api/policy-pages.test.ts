import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  envelope,
  heritageListResponse,
  heritageResponse,
  homeResponse,
  newsListResponse,
  newsResponse,
  policyListResponse,
  timelineResponse,
} from '@feiyi/contract';
import { expectError, expectOk, get, post } from '../support/api.ts';
import { seed } from '../support/seed.ts';

const HERITAGE_SLUGS = [
  'textile',
  'papercut',
  'erhu',
  'drum',
  'newyear-painting',
  'suona',
  'embroidery',
  'pipa',
  'yingge-dance',
  'yue-opera',
  'kunqu-opera',
  'peking-opera',
  'cantonese-opera',
  'huangmei-opera',
  'sichuan-opera',
];

describe('GET /api/policy/list', () => {
  it('lists policies from the earliest to the latest publication date', async () => {
    const { policies } = expectOk(await get('/api/policy/list'), policyListResponse).data;
    expect(policies.length).toBeGreaterThanOrEqual(10);
    const dates = policies.map((p) => p.pubDate);
    expect([...dates].sort()).toEqual(dates);
    for (const policy of policies) {
      expect(policy.pubDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(policy.title.length).toBeGreaterThan(0);
    }
    expect(policies[0]).toMatchObject({ pubDate: '1949-11-01', datePrecision: 'day' });
  });
});

describe('GET /api/timeline', () => {
  it('has the ten years of the spec, in order', async () => {
    const { timeline } = expectOk(await get('/api/timeline'), timelineResponse).data;
    expect(timeline.map((t) => t.year)).toEqual([1949, 1954, 1982, 2001, 2003, 2005, 2006, 2011, 2021, 2025]);
    for (const entry of timeline) expect(entry.passage.length).toBeGreaterThan(10);
  });
});

describe('GET /api/home', () => {
  it('answers 9 hot items, 5 showcased inheritors, the timeline and the 15 heritage pages', async () => {
    const { data } = expectOk(await get('/api/home'), homeResponse);
    // The editors' curation as the seed files give it.
    const titleOf = (key: string) => seed.cultures.find((c) => c.key === key)!.title;
    const nameOf = (key: string) => seed.inheritors.find((i) => i.key === key)!.name;
    expect(data.hotCultures.map((c) => c.title)).toEqual(seed.home.hotCultures.map(titleOf));
    expect(data.hotCultures).toHaveLength(9);
    expect(data.inheritors.map((i) => i.name)).toEqual(seed.home.showcaseInheritors.map(nameOf));
    for (const inheritor of data.inheritors) {
      expect(inheritor.titles.length).toBeGreaterThanOrEqual(2);
      expect(inheritor.image).toMatch(/^https?:\/\/.+\/uploads\//);
    }
    expect(data.timeline).toHaveLength(seed.timeline.length);
    expect(data.heritagePages.map((p) => p.slug)).toEqual(HERITAGE_SLUGS);
  });
});

describe('GET /api/heritage/list and /api/heritage/{id}', () => {
  it('lists the 15 heritage pages of the home parallax', async () => {
    const { pages } = expectOk(await get('/api/heritage/list'), heritageListResponse).data;
    expect(pages.map((p) => p.slug)).toEqual(HERITAGE_SLUGS);
  });

  it('finds a page by slug and by id', async () => {
    const bySlug = expectOk(await get('/api/heritage/peking-opera'), heritageResponse).data.heritage;
    expect(bySlug.slug).toBe('peking-opera');
    expect(bySlug.body.length).toBeGreaterThan(50);
    const byId = expectOk(await get(`/api/heritage/${bySlug.id}`), heritageResponse).data.heritage;
    expect(byId).toEqual(bySlug);
  });

  it('answers 404 for an unknown page and 400 for a malformed id', async () => {
    expectError(await get('/api/heritage/no-such-page'), 404, '专题不存在');
    expectError(await get('/api/heritage/9999'), 404, '专题不存在');
    expectError(await get('/api/heritage/Peking_Opera'), 400, '专题编号无效');
  });
});

describe('GET /api/news/list and /api/news/{id}', () => {
  it('lists news newest first and answers one item', async () => {
    const { news } = expectOk(await get('/api/news/list'), newsListResponse).data;
    expect(news.length).toBeGreaterThan(0);
    const dates = news.map((n) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const item = expectOk(await get(`/api/news/${news[0]!.id}`), newsResponse).data.news;
    expect(item).toEqual(news[0]);
  });

  it('answers 404 for an unknown item', async () => {
    expectError(await get('/api/news/99999'), 404, '资讯不存在');
    expectError(await get('/api/news/x'), 400, '资讯编号 必须是数字');
  });
});

describe('GET /api/health', () => {
  it('reports the adapter and the CMS up', async () => {
    const health = expectOk(await get('/api/health'), envelope(z.object({ status: z.literal('ok'), cms: z.enum(['up', 'down']) })));
    expect(health.data).toEqual({ status: 'ok', cms: 'up' });
  });
});

describe('POST /api/internal/cms-events', () => {
  it('refuses calls without the webhook secret', async () => {
    expectError(await post('/api/internal/cms-events', { json: { event: 'entry.update' } }), 401, '无效的回调');
    expectError(
      await post('/api/internal/cms-events', { json: { event: 'entry.update' }, headers: { 'x-webhook-secret': 'guess-guess-guess' } }),
      401,
      '无效的回调',
    );
  });
});

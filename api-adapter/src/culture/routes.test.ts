import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cultureDetailResponse, hotLatestResponse } from '@feiyi/contract/culture';
import { buildAdapter } from '../app.fixture.ts';
import { answerBy, type CmsCall, stubCms } from '../cms/client.fixture.ts';
import type { strapiCulture } from './mapper.ts';

/** Two published items: 京剧 (pid 7, 12 views) and 昆曲 (pid 8, 20 views). */
const cultures: Array<z.input<typeof strapiCulture>> = [
  { id: 41, documentId: 'jingju', pid: 7, title: '京剧', viewCount: 12, publishedAt: '2026-11-22T00:00:00.000Z' },
  { id: 42, documentId: 'kunqu', pid: 8, title: '昆曲', viewCount: 20, publishedAt: '2026-11-22T00:00:00.000Z' },
];

async function adapterCounting() {
  const stub = stubCms({
    collections: { cultures },
    singles: { 'portal/national-list': { entries: [], inheritors: [] } },
    answer: answerBy({
      'post portal/cultures/views': (call) => ({
        counted: (call.payload as { views: Array<{ count: number }> }).views.reduce((total, { count }) => total + count, 0),
      }),
    }),
  });
  const { server } = await buildAdapter(stub.cms);
  const open = async (id: number) => {
    const response = await server.inject({ method: 'GET', url: `/api/culture/${id}` });
    expect(response.statusCode).toBe(200);
    return cultureDetailResponse.parse(response.json()).data.culture.viewCount;
  };
  const hottest = async () =>
    hotLatestResponse.parse((await server.inject({ method: 'GET', url: '/api/culture/hot?limit=1' })).json()).data.cultures[0];
  return { server, stub, open, hottest };
}

describe('GET /api/culture/{id} counts one view per opening', () => {
  it('answers each view counted at once and moves the hot list, with no CMS call per view; closing saves them in one batch', async () => {
    const { server, stub, open, hottest } = await adapterCounting();
    try {
      expect(await open(7)).toBe(13);
      for (let i = 0; i < 8; i += 1) await open(7);
      expect(await open(8)).toBe(21);
      expect(await hottest()).toMatchObject({ id: 7, viewCount: 21 });
      expect(stub.calls).toEqual([]);
    } finally {
      await server.close();
    }
    expect(stub.calls).toEqual<CmsCall[]>([
      {
        as: 'server',
        method: 'post',
        path: 'portal/cultures/views',
        payload: {
          views: [
            { cultureId: 7, count: 9 },
            { cultureId: 8, count: 1 },
          ],
        },
      },
    ]);
  });

  it('counts nothing for an item that is not published', async () => {
    const { server, stub } = await adapterCounting();
    try {
      const response = await server.inject({ method: 'GET', url: '/api/culture/9' });
      expect(response.json()).toMatchObject({ code: 40400, message: '文化条目不存在或已下线' });
    } finally {
      await server.close();
    }
    expect(stub.calls).toEqual([]);
  });
});

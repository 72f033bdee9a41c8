import * as MESSAGES from '@feiyi/contract/messages';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import type { browseRecord } from '@feiyi/contract/history';
import { adaptersClosedAfterEach, bearer, tokenFor } from '../app.fixture.ts';
import { answerBy, type CmsAnswer, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';

const PUBLIC_URL = 'https://feiyi.example';

/** User 7's one record, as the CMS lists it: a cover on the CMS's own uploads (a path). */
const viewed: z.infer<typeof browseRecord> = {
  id: 61,
  title: '京剧',
  coverImage: '/uploads/jingju.png',
  description: '国粹',
  browseTime: '2026-11-20T08:00:00.000Z',
  browseType: 'culture',
  browseId: 7,
};

const adapter = adaptersClosedAfterEach();

async function adapterAnswering(table: Record<string, CmsAnswer>) {
  const stub = stubCms({ answer: answerBy(table) });
  const { server } = await adapter(stub.cms, { PUBLIC_URL });
  return { server, stub };
}

/** The CMS saving every record of a batch. */
const saving: CmsAnswer = (call) => ({ status: 'success', saved: (call.payload as { records: unknown[] }).records.length });

describe('browse records belong to the token’s user', () => {
  it('records a view with the visitor’s own token; a userId in the body never reaches the CMS', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({ 'post portal/browse-records': saving });
    const answer = await server.inject({
      method: 'POST',
      url: '/api/profile/browse-history',
      headers: bearer(seven),
      payload: { userId: 8, browseType: 'inheritor', browseId: 12, browseTime: '2026-11-20T08:00:00+08:00' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ status: 'success', saved: 1 });
    expect(stub.calls).toEqual<CmsCall[]>([
      {
        as: { jwt: seven },
        method: 'post',
        path: 'portal/browse-records',
        payload: { records: [{ browseType: 'inheritor', browseId: 12, browseTime: '2026-11-20T08:00:00+08:00' }] },
      },
    ]);
  });

  it('syncs a batch sent as a plain list or as { records }, the same way, with the visitor’s own token', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({ 'post portal/browse-records': saving });
    const records = [
      { browseType: 'culture', browseId: 7 },
      { browseType: 'news', browseId: 2, userId: 8 },
    ];
    for (const payload of [records, { records, userId: 8 }]) {
      const answer = await server.inject({ method: 'POST', url: '/api/profile/browse-history/batch', headers: bearer(seven), payload });
      expect(answer.json().data).toEqual({ status: 'success', saved: 2 });
    }
    const sent = {
      records: [
        { browseType: 'culture', browseId: 7 },
        { browseType: 'news', browseId: 2 },
      ],
    };
    expect(stub.calls.map((call) => [tokenOf(call), call.payload])).toEqual([
      [seven, sent],
      [seven, sent],
    ]);
  });

  it('lists the token’s user’s records whatever userId the query names, covers made absolute', async () => {
    const [seven, eight] = await Promise.all([tokenFor(7), tokenFor(8)]);
    // The CMS lists the records of the token's user, as Strapi does: user 8 has none.
    const { server, stub } = await adapterAnswering({
      'get portal/browse-records': (call) =>
        tokenOf(call) === seven
          ? { records: [viewed], total: 1, size: 10, current: 1, pages: 1 }
          : { records: [], total: 0, size: 10, current: 1, pages: 0 },
    });
    const mine = await server.inject({ method: 'GET', url: '/api/profile/browse-history?userId=8&type=', headers: bearer(seven) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      records: [{ ...viewed, coverImage: `${PUBLIC_URL}/uploads/jingju.png` }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
    const theirs = await server.inject({
      method: 'GET',
      url: '/api/profile/browse-history?userId=7&type=news&page=3',
      headers: bearer(eight),
    });
    expect(theirs.json().data.records).toEqual([]);
    // An empty type is no filter; the userId goes nowhere.
    expect(stub.calls.map((call) => [tokenOf(call), call.payload])).toEqual([
      [seven, { page: 1, size: 10 }],
      [eight, { page: 3, size: 10, type: 'news' }],
    ]);
  });
});

describe('refusals', () => {
  it('answers 401 without a token, before the CMS is asked', async () => {
    const { server, stub } = await adapterAnswering({ 'post portal/browse-records': saving });
    for (const [method, url] of [
      ['POST', '/api/profile/browse-history'],
      ['POST', '/api/profile/browse-history/batch'],
      ['GET', '/api/profile/browse-history'],
    ] as const) {
      const answer = await server.inject({ method, url, payload: method === 'POST' ? { browseType: 'culture', browseId: 7 } : undefined });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json(), url).toEqual({ code: ERROR_CODES.unauthenticated, message: MESSAGES.api.loginFirst, data: null });
    }
    expect(stub.calls).toEqual([]);
  });

  it('refuses a bad record, batch or page with the contract’s Chinese message, before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({ 'post portal/browse-records': saving });
    const record = { browseType: 'culture', browseId: 7 };
    for (const [url, payload, message] of [
      ['/api/profile/browse-history', { browseType: 'video', browseId: 7 }, '不支持的浏览类型：video'],
      ['/api/profile/browse-history', { browseId: 7 }, '缺少浏览类型'],
      ['/api/profile/browse-history', { browseType: 'culture', browseId: 0 }, 'browseId 不能小于 1'],
      ['/api/profile/browse-history', { ...record, browseTime: 'yesterday' }, 'browseTime 必须是 ISO 时间'],
      ['/api/profile/browse-history/batch', [], '没有要同步的浏览记录'],
      ['/api/profile/browse-history/batch', { records: [] }, '没有要同步的浏览记录'],
      ['/api/profile/browse-history/batch', Array.from({ length: 51 }, () => record), '一次最多同步 50 条浏览记录'],
    ] as const) {
      const answer = await server.inject({ method: 'POST', url, headers: bearer(seven), payload });
      expect(answer.statusCode, message).toBe(400);
      expect(answer.json(), message).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
    for (const [query, message] of [
      ['type=video', '不支持的浏览类型：video'],
      ['size=51', 'size 不能大于 50'],
      ['page=0', 'page 不能小于 1'],
    ] as const) {
      const answer = await server.inject({ method: 'GET', url: `/api/profile/browse-history?${query}`, headers: bearer(seven) });
      expect(answer.json(), query).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
    expect(stub.calls).toEqual([]);
  });
});

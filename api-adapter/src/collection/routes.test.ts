import * as MESSAGES from '@feiyi/contract/messages';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES, SUCCESS_CODE } from '@feiyi/contract/common';
import type { favouriteItem } from '@feiyi/contract/collection';
import { adaptersClosedAfterEach, bearer, tokenFor } from '../app.fixture.ts';
import { answerBy, type CmsAnswer, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';

const PUBLIC_URL = 'https://feiyi.example';

/** User 7's one favourite, as the CMS lists it: a cover on the CMS's own uploads (a path). */
const jingju: z.infer<typeof favouriteItem> = {
  id: 7,
  collectionId: 51,
  type: 'culture',
  title: '京剧',
  coverImage: '/uploads/jingju.png',
  description: '国粹',
  createdTime: '2026-11-20T00:00:00.000Z',
};

const adapter = adaptersClosedAfterEach();

async function adapterAnswering(table: Record<string, CmsAnswer>) {
  const stub = stubCms({ answer: answerBy(table) });
  const { server } = await adapter(stub.cms, { PUBLIC_URL });
  return { server, stub };
}

const forbidden = { code: ERROR_CODES.forbidden, message: '无权访问或修改其他用户的数据', data: null };

describe('favourites belong to the token’s user', () => {
  it('checks, adds and removes with the visitor’s own token, sending the CMS the target only', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({
      'get portal/favourites/check': () => true,
      'post portal/favourites': () => ({ id: 51, created: true }),
      'delete portal/favourites': () => ({ removed: true }),
    });
    const check = await server.inject({ method: 'GET', url: '/api/collection/check?type=news&targetId=3', headers: bearer(seven) });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toBe(true);
    // The client's own userId is accepted when it is the token's, and never passed on.
    const add = await server.inject({ method: 'POST', url: '/api/collection?userId=7&targetId=3&type=news', headers: bearer(seven) });
    expect(add.json()).toEqual({ code: SUCCESS_CODE, message: '收藏成功', data: { collected: true } });
    const remove = await server.inject({ method: 'DELETE', url: '/api/collection?targetId=3', headers: bearer(seven) });
    expect(remove.json()).toEqual({ code: SUCCESS_CODE, message: '取消收藏成功', data: { collected: false } });
    expect(stub.calls).toEqual<CmsCall[]>([
      { as: { jwt: seven }, method: 'get', path: 'portal/favourites/check', payload: { type: 'news', targetId: 3 } },
      { as: { jwt: seven }, method: 'post', path: 'portal/favourites', payload: { type: 'news', targetId: 3 } },
      // Without a type in the query, type defaults to culture.
      { as: { jwt: seven }, method: 'delete', path: 'portal/favourites', payload: { type: 'culture', targetId: 3 } },
    ]);
  });

  it('refuses another user’s id in the query with 403 on every route, before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({
      'get portal/favourites/check': () => true,
      'post portal/favourites': () => ({ id: 51, created: true }),
      'delete portal/favourites': () => ({ removed: true }),
      'get portal/favourites': () => ({ records: [jingju], total: 1, size: 6, current: 1, pages: 1 }),
    });
    for (const [method, url] of [
      ['GET', '/api/collection/check?userId=8&targetId=3'],
      ['POST', '/api/collection?userId=8&targetId=3'],
      ['DELETE', '/api/collection?userId=8&targetId=3'],
      ['GET', '/api/collection/list?userId=8'],
    ] as const) {
      const answer = await server.inject({ method, url, headers: bearer(seven) });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json(), url).toEqual(forbidden);
    }
    expect(stub.calls).toEqual([]);
  });

  it('lists the token’s user’s favourites (6 a page by default), covers made absolute under the public address', async () => {
    const [seven, eight] = await Promise.all([tokenFor(7), tokenFor(8)]);
    // The CMS lists the favourites of the token's user, as Strapi does: user 8 has none.
    const { server, stub } = await adapterAnswering({
      'get portal/favourites': (call) =>
        tokenOf(call) === seven
          ? { records: [jingju], total: 1, size: 6, current: 1, pages: 1 }
          : { records: [], total: 0, size: 6, current: 1, pages: 0 },
    });
    const mine = await server.inject({ method: 'GET', url: '/api/collection/list?userId=7', headers: bearer(seven) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({
      records: [{ ...jingju, coverImage: `${PUBLIC_URL}/uploads/jingju.png` }],
      total: 1,
      size: 6,
      current: 1,
      pages: 1,
    });
    const theirs = await server.inject({ method: 'GET', url: '/api/collection/list?type=culture&page=2&size=3', headers: bearer(eight) });
    expect(theirs.json().data.records).toEqual([]);
    expect(stub.calls.map((call) => [tokenOf(call), call.payload])).toEqual([
      [seven, { page: 1, size: 6 }],
      [eight, { page: 2, size: 3, type: 'culture' }],
    ]);
  });
});

describe('refusals', () => {
  it('answers 401 without a token (the spec’s prompt) and with a token not signed by the portal', async () => {
    const { server, stub } = await adapterAnswering({});
    const stranger = await tokenFor(7, 'a-secret-that-is-not-the-portals-own');
    for (const [method, url] of [
      ['GET', '/api/collection/check?targetId=3'],
      ['POST', '/api/collection?targetId=3'],
      ['DELETE', '/api/collection?targetId=3'],
      ['GET', '/api/collection/list'],
    ] as const) {
      const anonymous = await server.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ code: ERROR_CODES.unauthenticated, message: MESSAGES.favourite.notLoggedIn, data: null });
      const forged = await server.inject({ method, url, headers: bearer(stranger) });
      expect(forged.json(), url).toEqual({ code: ERROR_CODES.unauthenticated, message: MESSAGES.api.sessionExpired, data: null });
    }
    expect(stub.calls).toEqual([]);
  });

  it('refuses a bad type, target or page with the contract’s Chinese message, before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({});
    for (const [url, message] of [
      ['/api/collection/check?type=video&targetId=3', '不支持的收藏类型：video'],
      ['/api/collection/check?targetId=abc', 'targetId 必须是数字'],
      ['/api/collection/check?targetId=0', 'targetId 不能小于 1'],
      ['/api/collection?targetId=3&userId=x', 'userId 必须是数字'],
      ['/api/collection/list?size=51', 'size 不能大于 50'],
      ['/api/collection/list?type=video', '不支持的收藏类型：video'],
    ] as const) {
      const method = url.startsWith('/api/collection?') ? 'POST' : 'GET';
      const answer = await server.inject({ method, url, headers: bearer(seven) });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
    expect(stub.calls).toEqual([]);
  });
});

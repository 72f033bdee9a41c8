import * as MESSAGES from '@feiyi/contract/messages';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_CODES, SUCCESS_CODE } from '@feiyi/contract/common';
import { inheritorDetailResponse, inheritorPageResponse, inheritorProfilesResponse } from '@feiyi/contract/inheritor';
import { adaptersClosedAfterEach, bearer, tokenFor } from '../app.fixture.ts';
import type { strapiCategory } from '../category/mapper.ts';
import { answerBy, type CmsAnswer, type CmsCall, stubCms, tokenOf } from '../cms/client.fixture.ts';
import type { RawNationalList } from '../national/list.ts';
import type { strapiInheritor } from './mapper.ts';

const PUBLIC_URL = 'https://feiyi.example';

const categories: Array<z.input<typeof strapiCategory>> = [{ code: 70, name: '戏剧', officialName: '传统戏剧' }];
/** Written profiles: 梅葆玖 (pid 11, also on the national list) and 李四 (pid 14, provincial, a blank introduction). */
const written: Array<z.input<typeof strapiInheritor>> = [
  {
    id: 314,
    pid: 14,
    name: '李四',
    skillType: '越剧',
    level: 'provincial',
    introduction: '  ',
    category: { code: 70, name: '戏剧', officialName: '传统戏剧' },
  },
  {
    id: 311,
    pid: 11,
    name: '梅葆玖',
    item: '京剧',
    itemSerial: 'Ⅳ-28',
    skillType: '京剧',
    level: 'national',
    batch: '第三批',
    batchYear: 2008,
    introduction: '梅派艺术传人。',
    skillFeatures: '唱腔醇厚',
    source: '文化和旅游部',
    images: [{ url: '/uploads/mei.png' }, { url: '/uploads/mei-2.png' }],
    category: { code: 70, name: '戏剧', officialName: '传统戏剧' },
    province: { pid: 1, name: '北京市', shortName: '北京' },
  },
];
/** The national list: 京剧 Ⅳ-28 with two inheritors, 梅葆玖 (written above) and 张三 (pid 12, on the list only). */
const person = {
  gender: 'male',
  birthYear: 1950,
  ethnicity: '汉族',
  item: '京剧',
  itemSerial: 'Ⅳ-28',
  categoryCode: 70,
  batchYear: 2008,
} as const;
const list: RawNationalList = {
  entries: [
    {
      id: 1,
      serial: 'Ⅳ-28',
      name: '京剧',
      categoryCode: 70,
      batchYear: 2006,
      kind: 'new',
      region: '北京市',
      province: '北京',
      culturePid: null,
    },
  ],
  inheritors: [
    { ...person, pid: 11, name: '梅葆玖', region: '中国国家京剧院', province: null },
    { ...person, pid: 12, name: '张三', region: '北京市', province: '北京' },
  ],
};

/** What a guest sees of 梅葆玖: no introduction, skill features or source. */
const meiForGuests = {
  id: 11,
  inheritorName: '梅葆玖',
  skillType: '京剧',
  profileImages: `${PUBLIC_URL}/uploads/mei.png,${PUBLIC_URL}/uploads/mei-2.png`,
  status: 1,
  levelText: '国家级',
  categoryId: 70,
  categoryName: '戏剧',
  provinceName: '北京',
  batch: '第三批',
  batchYear: 2008,
  item: '京剧',
  serial: 'Ⅳ-28',
  href: '/inheritors/11',
};
const meiForMembers = { ...meiForGuests, introduction: '梅派艺术传人。', skillDescription: '唱腔醇厚', source: '文化和旅游部' };
/** 张三, known from the list only: a name seal for a picture, the list's facts, no prose. */
const zhangForGuests = {
  id: 12,
  inheritorName: '张三',
  skillType: '京剧',
  profileImages: `${PUBLIC_URL}/api/inheritor/12/seal.svg`,
  status: 1,
  levelText: '国家级',
  categoryId: 70,
  categoryName: '戏剧',
  provinceName: '北京',
  batch: '第一批',
  batchYear: 2008,
  item: '京剧',
  serial: 'Ⅳ-28',
  href: '/minglu/iv-28#inheritor-12',
};

const adapter = adaptersClosedAfterEach();

async function adapterAnswering(table: Record<string, CmsAnswer> = {}) {
  const stub = stubCms({
    collections: { categories, inheritors: written },
    singles: { 'portal/national-list': list },
    answer: answerBy(table),
  });
  const { server } = await adapter(stub.cms, { PUBLIC_URL });
  return { server, stub };
}

describe('inheritors: guests see the public view, signed-in users the whole profile', () => {
  it('lists a category’s inheritors by id, the list’s own and the written ones, in the view the token allows', async () => {
    const { server, stub } = await adapterAnswering();
    const guest = await server.inject({ method: 'GET', url: '/api/inheritor/category/70' });
    expect(guest.statusCode).toBe(200);
    const guestPage = inheritorPageResponse.parse(guest.json()).data;
    expect(guestPage.guest).toBe(true);
    expect(guestPage.page).toMatchObject({ total: 3, size: 10, current: 1, pages: 1 });
    expect(guestPage.page.records).toEqual([meiForGuests, zhangForGuests, expect.objectContaining({ id: 14, levelText: '省级' })]);
    expect(guestPage.page.records[2]).not.toHaveProperty('introduction');

    const member = await server.inject({ method: 'GET', url: '/api/inheritor/category/70', headers: bearer(await tokenFor(7)) });
    const memberPage = inheritorPageResponse.parse(member.json()).data;
    expect(memberPage.guest).toBe(false);
    expect(memberPage.page.records.slice(0, 2)).toEqual([
      meiForMembers,
      { ...zhangForGuests, introduction: MESSAGES.inheritor.noBio, skillDescription: '', source: '' },
    ]);
    // A token the portal did not sign is a guest's view, not an error.
    const stale = await server.inject({
      method: 'GET',
      url: '/api/inheritor/category/70',
      headers: bearer(await tokenFor(7, 'a-secret-that-is-not-the-portals-own')),
    });
    expect(stale.json().data.guest).toBe(true);
    expect(stale.json().data.page.records[0]).toEqual(meiForGuests);
    // A category without inheritors is an empty page; none of it asks the CMS.
    const empty = await server.inject({ method: 'GET', url: '/api/inheritor/category/66?size=20&page=2' });
    expect(empty.json().data.page).toEqual({ records: [], total: 0, size: 20, current: 2, pages: 0 });
    expect(stub.calls).toEqual([]);
  });

  it('answers one inheritor in the view the token allows, 404 for an unknown one, 400 for a bad id', async () => {
    const { server } = await adapterAnswering();
    const guest = await server.inject({ method: 'GET', url: '/api/inheritor/11' });
    expect(inheritorDetailResponse.parse(guest.json()).data).toEqual({ inheritor: meiForGuests, guest: true });
    const member = await server.inject({ method: 'GET', url: '/api/inheritor/11', headers: bearer(await tokenFor(7)) });
    expect(inheritorDetailResponse.parse(member.json()).data).toEqual({ inheritor: meiForMembers, guest: false });
    for (const url of ['/api/inheritor/13', '/api/inheritor/13/seal.svg']) {
      const missing = await server.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ code: ERROR_CODES.notFound, message: MESSAGES.inheritor.notFound, data: null });
    }
    for (const [url, message] of [
      ['/api/inheritor/abc', '传承人编号 必须是数字'],
      ['/api/inheritor/0', '传承人编号 不能小于 1'],
      ['/api/inheritor/category/x', '类别编号 必须是数字'],
      ['/api/inheritor/category/70?size=15', 'size 只能是 10、20、30、50'],
      ['/api/inheritor/category/70?page=0', 'page 不能小于 1'],
    ] as const) {
      const answer = await server.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
  });

  it('lists as profiles only the inheritors with a written introduction', async () => {
    const { server } = await adapterAnswering();
    const answer = await server.inject({ method: 'GET', url: '/api/inheritor/profiles' });
    expect(inheritorProfilesResponse.parse(answer.json()).data.inheritors).toEqual([meiForMembers]);
  });

  it('draws a list-only inheritor’s name seal as an SVG image', async () => {
    const { server } = await adapterAnswering();
    const seal = await server.inject({ method: 'GET', url: '/api/inheritor/12/seal.svg' });
    expect(seal.statusCode).toBe(200);
    expect(seal.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(seal.body).toContain('<title>张三（名章，本站生成，并非肖像）</title>');
  });
});

describe('follows belong to the token’s user', () => {
  const followRows = [{ id: 11, inheritorName: '梅葆玖', skillType: '京剧', categoryName: '戏剧', profileImages: ['/uploads/mei.png'] }];

  it('follows, unfollows and reads the status and count with the visitor’s own token, in the spec’s words', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({
      'get portal/follows/11': () => ({ isFollowing: false }),
      'post portal/follows/11': () => ({ isFollowing: true }),
      'delete portal/follows/11': () => ({ isFollowing: false }),
      'get portal/follows/count': () => 3,
    });
    const status = await server.inject({ method: 'GET', url: '/api/inheritor/follow/status/11', headers: bearer(seven) });
    expect(status.json().data).toEqual({ isFollowing: false });
    const follow = await server.inject({ method: 'POST', url: '/api/inheritor/follow/11', headers: bearer(seven) });
    expect(follow.json()).toEqual({ code: SUCCESS_CODE, message: MESSAGES.follow.followed, data: { isFollowing: true } });
    const unfollow = await server.inject({ method: 'POST', url: '/api/inheritor/unfollow/11', headers: bearer(seven) });
    expect(unfollow.json()).toEqual({ code: SUCCESS_CODE, message: MESSAGES.follow.unfollowed, data: { isFollowing: false } });
    const count = await server.inject({ method: 'GET', url: '/api/inheritor/follows/count', headers: bearer(seven) });
    expect(count.json().data).toBe(3);
    expect(stub.calls.map((call) => [call.method, call.path, tokenOf(call)])).toEqual([
      ['get', 'portal/follows/11', seven],
      ['post', 'portal/follows/11', seven],
      ['delete', 'portal/follows/11', seven],
      ['get', 'portal/follows/count', seven],
    ]);
  });

  it('lists the token’s user’s follows whatever userId the query names, pictures made absolute and joined', async () => {
    const [seven, eight] = await Promise.all([tokenFor(7), tokenFor(8)]);
    // The CMS lists the follows of the token's user, as Strapi does: user 8 follows nobody.
    const { server, stub } = await adapterAnswering({ 'get portal/follows': (call) => (tokenOf(call) === seven ? followRows : []) });
    const mine = await server.inject({ method: 'GET', url: '/api/profile/follows/inheritors?userId=8', headers: bearer(seven) });
    expect(mine.json().data).toEqual([
      { id: 11, inheritorName: '梅葆玖', skillType: '京剧', categoryName: '戏剧', profileImages: `${PUBLIC_URL}/uploads/mei.png` },
    ]);
    const theirs = await server.inject({ method: 'GET', url: '/api/profile/follows/inheritors?userId=7&size=5', headers: bearer(eight) });
    expect(theirs.json().data).toEqual([]);
    expect(stub.calls).toEqual<CmsCall[]>([
      { as: { jwt: seven }, method: 'get', path: 'portal/follows', payload: { page: 1, size: 20 } },
      { as: { jwt: eight }, method: 'get', path: 'portal/follows', payload: { page: 1, size: 5 } },
    ]);
  });

  it('answers 401 without a token (the spec’s prompt) or with one the portal did not sign, before the CMS is asked', async () => {
    const { server, stub } = await adapterAnswering({ 'get portal/follows/count': () => 3 });
    const stranger = await tokenFor(7, 'a-secret-that-is-not-the-portals-own');
    for (const [method, url] of [
      ['GET', '/api/inheritor/follow/status/11'],
      ['POST', '/api/inheritor/follow/11'],
      ['POST', '/api/inheritor/unfollow/11'],
      ['GET', '/api/inheritor/follows/count'],
      ['GET', '/api/profile/follows/inheritors'],
    ] as const) {
      const anonymous = await server.inject({ method, url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toEqual({ code: ERROR_CODES.unauthenticated, message: MESSAGES.follow.needsLogin, data: null });
      const forged = await server.inject({ method, url, headers: bearer(stranger) });
      expect(forged.json(), url).toEqual({ code: ERROR_CODES.unauthenticated, message: MESSAGES.api.sessionExpired, data: null });
    }
    expect(stub.calls).toEqual([]);
  });

  it('refuses a bad inheritor id or page size with the contract’s Chinese message, before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering();
    for (const [method, url, message] of [
      ['POST', '/api/inheritor/follow/abc', '传承人编号 必须是数字'],
      ['GET', '/api/inheritor/follow/status/0', '传承人编号 不能小于 1'],
      ['GET', '/api/profile/follows/inheritors?size=51', 'size 不能大于 50'],
      ['GET', '/api/profile/follows/inheritors?page=0', 'page 不能小于 1'],
    ] as const) {
      const answer = await server.inject({ method, url, headers: bearer(seven) });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ code: ERROR_CODES.validation, message, data: null });
    }
    expect(stub.calls).toEqual([]);
  });
});

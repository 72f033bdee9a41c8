import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNationalTables } from '../../cms/seed/national-facts.ts';
import {
  followCountResponse,
  followListResponse,
  followStatusResponse,
  inheritorDetailResponse,
  inheritorPageResponse,
  inheritorProfilesResponse,
  type Inheritor,
} from '@feiyi/contract';
import { expectError, expectOk, get, newUser, post, signToken, type TestUser } from '../support/api.ts';

let user: TestUser;
let opera: Inheritor[];
// Category 67 is 传统戏剧: every national inheritor of its items (the written profiles among them).
const national = loadNationalTables(path.resolve(import.meta.dirname, '../../cms/seed/facts'));
const total67 = national.inheritors.filter((row) => row.category === '传统戏剧').length;
beforeAll(async () => {
  user = await newUser('inh');
  opera = expectOk(await get('/api/inheritor/category/67', { token: user.token, query: { size: 50 } }), inheritorPageResponse).data.page
    .records;
});

describe('GET /api/inheritor/category/{categoryId}', () => {
  it('gives guests the public view: no introduction, no skill description, guest: true', async () => {
    const { data } = expectOk(await get('/api/inheritor/category/67', { query: { page: 1, size: 10 } }), inheritorPageResponse);
    expect(data.guest).toBe(true);
    expect(data.page.records.length).toBeGreaterThan(0);
    for (const record of data.page.records) {
      expect(record).not.toHaveProperty('introduction');
      expect(record).not.toHaveProperty('skillDescription');
      expect(record).not.toHaveProperty('source');
      expect(record.inheritorName.length).toBeGreaterThan(0);
      // A written profile shows its pictures; an inheritor known only from the national list, a name seal.
      const first = record.profileImages.split(',')[0]!;
      if (record.href.startsWith('/inheritors/')) expect(first).toMatch(/^https?:\/\/.+\/uploads\//);
      else expect(first).toMatch(new RegExp(`^https?://.+/api/inheritor/${record.id}/seal\\.svg$`));
      expect(record.levelText).toBe(record.status === 1 ? '国家级' : '省级');
    }
  });

  it('gives logged-in visitors the introduction and skill description, guest: false', async () => {
    const { data } = expectOk(await get('/api/inheritor/category/67', { token: user.token }), inheritorPageResponse);
    expect(data.guest).toBe(false);
    const zhang = data.page.records.find((r) => r.inheritorName === '张继青')!;
    expect(zhang.introduction).toContain('昆曲');
    expect(zhang.skillDescription!.length).toBeGreaterThan(10);
  });

  it('treats an expired or forged token as a guest on this public call', async () => {
    const expired = await signToken(user.id, { issuedAt: 1_700_000_000, expiresAt: 1_700_000_100 });
    const { data } = expectOk(await get('/api/inheritor/category/67', { token: expired }), inheritorPageResponse);
    expect(data.guest).toBe(true);
    expect(data.page.records[0]).not.toHaveProperty('introduction');
  });

  it('pages with the sizes 10, 20, 30 and 50 only', async () => {
    const { page } = expectOk(await get('/api/inheritor/category/67', { query: { size: 20 } }), inheritorPageResponse).data;
    expect(page.size).toBe(20);
    expect(page.total).toBe(total67);
    expect(page.records.every((r) => r.categoryId === 67)).toBe(true);
    expectError(await get('/api/inheritor/category/67', { query: { size: 15 } }), 400, 'size 只能是 10、20、30、50');
    expectError(await get('/api/inheritor/category/67', { query: { page: 0 } }), 400, 'page 不能小于 1');
  });

  it('answers an empty page for a category without inheritors', async () => {
    const { page } = expectOk(await get('/api/inheritor/category/999'), inheritorPageResponse).data;
    expect(page).toMatchObject({ records: [], total: 0 });
  });
});

describe('GET /api/inheritor/profiles', () => {
  it('answers every inheritor with a written profile, prose included, to guests too', async () => {
    const { inheritors } = expectOk(await get('/api/inheritor/profiles'), inheritorProfilesResponse).data;
    expect(inheritors.length).toBeGreaterThan(0);
    for (const profile of inheritors) {
      expect(profile.introduction!.trim().length).toBeGreaterThan(20);
      expect(profile).toHaveProperty('skillDescription');
      expect(profile).toHaveProperty('source');
    }
    const zhang = inheritors.find((p) => p.inheritorName === '张继青')!;
    expect(zhang.introduction).toContain('昆曲');
  });

  it('lists exactly the inheritors of a category whose full view has an introduction', async () => {
    const ids = new Set(expectOk(await get('/api/inheritor/profiles'), inheritorProfilesResponse).data.inheritors.map((p) => p.id));
    const everyone: Inheritor[] = [];
    for (let page = 1; ; page++) {
      const answer = expectOk(
        await get('/api/inheritor/category/67', { token: user.token, query: { page, size: 50 } }),
        inheritorPageResponse,
      );
      everyone.push(...answer.data.page.records);
      if (page >= answer.data.page.pages) break;
    }
    expect(everyone.filter((r) => r.introduction?.trim()).length).toBeGreaterThan(0);
    expect(everyone).toHaveLength(total67);
    for (const record of everyone) expect(ids.has(record.id)).toBe(record.introduction !== '暂无简介');
  });
});

describe('GET /api/inheritor/{id}', () => {
  it('answers the guest or the full view', async () => {
    const target = opera[0]!;
    const guest = expectOk(await get(`/api/inheritor/${target.id}`), inheritorDetailResponse).data;
    expect(guest.guest).toBe(true);
    expect(guest.inheritor).not.toHaveProperty('introduction');
    const full = expectOk(await get(`/api/inheritor/${target.id}`, { token: user.token }), inheritorDetailResponse).data;
    expect(full.guest).toBe(false);
    expect(full.inheritor.introduction).toBe(target.introduction);
  });

  it('answers 404 for an unknown inheritor', async () => {
    expectError(await get('/api/inheritor/99999'), 404, '传承人不存在');
  });
});

describe('following inheritors', () => {
  const status = async (id: number) =>
    expectOk(await get(`/api/inheritor/follow/status/${id}`, { token: user.token }), followStatusResponse).data.isFollowing;
  const count = async () => expectOk(await get('/api/inheritor/follows/count', { token: user.token }), followCountResponse).data;

  it('follows once even when asked twice; the count stays 1', async () => {
    const target = opera[0]!;
    expect(await status(target.id)).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const followed = expectOk(await post(`/api/inheritor/follow/${target.id}`, { token: user.token }), followStatusResponse);
      expect(followed).toMatchObject({ message: '关注成功', data: { isFollowing: true } });
    }
    expect(await status(target.id)).toBe(true);
    expect(await count()).toBe(1);
  });

  it('keeps one follow when five arrive at once', async () => {
    const target = opera[1]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`/api/inheritor/follow/${target.id}`, { token: user.token })));
    for (const answer of answers) expectOk(answer, followStatusResponse);
    expect(await count()).toBe(2);
  });

  it('lists followed inheritors newest first', async () => {
    const list = expectOk(
      await get('/api/profile/follows/inheritors', { token: user.token, query: { page: 1, size: 20 } }),
      followListResponse,
    ).data;
    expect(list.map((i) => i.id)).toEqual([opera[1]!.id, opera[0]!.id]);
    expect(list[1]).toMatchObject({ inheritorName: opera[0]!.inheritorName, skillType: opera[0]!.skillType, categoryName: '戏剧' });
    expect(list[1]!.profileImages).toMatch(/^https?:\/\/.+\/uploads\//);
    expectError(await get('/api/profile/follows/inheritors', { token: user.token, query: { size: 51 } }), 400, 'size 不能大于 50');
  });

  it('unfollows; unfollowing again also succeeds', async () => {
    const target = opera[1]!;
    for (let i = 0; i < 2; i += 1) {
      const answer = expectOk(await post(`/api/inheritor/unfollow/${target.id}`, { token: user.token }), followStatusResponse);
      expect(answer).toMatchObject({ message: '已取消关注', data: { isFollowing: false } });
    }
    expect(await status(target.id)).toBe(false);
    expect(await count()).toBe(1);
  });

  it('answers 404 for an inheritor that does not exist', async () => {
    expectError(await post('/api/inheritor/follow/99999', { token: user.token }), 404, '传承人不存在');
    expect(await count()).toBe(1);
  });

  it('asks to log in first without a token and answers 登录已过期 for a bad one', async () => {
    const id = opera[0]!.id;
    for (const [call, path] of [
      [get, `/api/inheritor/follow/status/${id}`],
      [post, `/api/inheritor/follow/${id}`],
      [post, `/api/inheritor/unfollow/${id}`],
      [get, '/api/inheritor/follows/count'],
      [get, '/api/profile/follows/inheritors'],
    ] as const) {
      expectError(await call(path), 401, '请先登录后再关注传承人');
      expectError(await call(path, { token: 'garbage' }), 401, '登录已过期，请重新登录');
    }
  });
});

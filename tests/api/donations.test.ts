import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  achievementCheckResponse,
  achievementsResponse,
  donateResponse,
  donationProjectsResponse,
  donorFeedResponse,
  myDonationsResponse,
  type donationProject,
} from '@feiyi/contract';
import { cmsUser, DEMO, expectError, expectOk, get, login, newUser, post, type TestUser, uniqueSuffix } from '../support/api.ts';
import { seed } from '../support/seed.ts';

let user: TestUser;
let demo: { id: number; token: string };
let projects: Array<z.infer<typeof donationProject>>;
beforeAll(async () => {
  user = await newUser('give');
  demo = await login(DEMO.username, DEMO.password);
  projects = expectOk(await get('/api/donations/projects'), donationProjectsResponse).data.projects;
});

const donate = (token: string, body: object, headers: Record<string, string> = {}) =>
  post('/api/donations/donate', { token, json: body, headers });
const achievementsOf = async (token: string, userId: number) =>
  expectOk(await get(`/api/achievements/user/${userId}`, { token }), achievementsResponse).data;
const mine = async (token: string) => expectOk(await get('/api/donations/mine', { token }), myDonationsResponse).data.records;

describe('GET /api/donations/projects', () => {
  it('lists the 12 projects (two columns of six) with images', () => {
    expect(projects.map((p) => p.title).sort()).toEqual(seed.donationProjects.map((p) => p.title).sort());
    expect(projects).toHaveLength(12);
    for (const project of projects) {
      expect(project.image).toMatch(/^https?:\/\/.+\/uploads\//);
      expect(project.targetAmount).toBeGreaterThan(0);
    }
  });
});

describe('achievements', () => {
  it('start with nothing completed', async () => {
    const states = await achievementsOf(user.token, user.id);
    expect(states.map((s) => [s.achievementType, s.currentValue, s.targetValue, s.isCompleted])).toEqual([
      ['first_donation', 0, 1, false],
      ['donation_amount', 0, 1000, false],
      ['different_projects', 0, 3, false],
    ]);
  });

  it('are not completed by a client-sent currentValue', async () => {
    for (const type of ['first_donation', 'donation_amount', 'different_projects'] as const) {
      const { data } = expectOk(
        await post('/api/achievements/check', {
          token: user.token,
          json: { userId: user.id, type, description: 'x', currentValue: 99999, targetValue: 1, projectId: projects[0]!.id },
        }),
        achievementCheckResponse,
      );
      expect(data).toMatchObject({ achievementType: type, currentValue: 0, isCompleted: false });
    }
    expect((await achievementsOf(user.token, user.id)).every((s) => !s.isCompleted)).toBe(true);
  });

  it('follow the donations: 600 and 400 on two projects complete the amount, projects stay 2 of 3', async () => {
    const first = expectOk(
      await donate(user.token, { userId: user.id, projectId: projects[0]!.id, projectName: projects[0]!.title, amount: 600 }),
      donateResponse,
    );
    expect(first.message).toBe('捐赠成功，感谢您的善举');
    expect(first.data.donation).toMatchObject({ projectId: projects[0]!.id, projectName: projects[0]!.title, amount: 600 });
    const second = expectOk(await donate(user.token, { projectId: projects[1]!.id, amount: 400 }), donateResponse);
    const states = Object.fromEntries(second.data.achievements.map((s) => [s.achievementType, s]));
    expect(states.first_donation).toMatchObject({ currentValue: 1, isCompleted: true });
    expect(states.donation_amount).toMatchObject({ currentValue: 1000, targetValue: 1000, isCompleted: true });
    expect(states.different_projects).toMatchObject({ currentValue: 2, targetValue: 3, isCompleted: false });
    expect(await achievementsOf(user.token, user.id)).toEqual(second.data.achievements);
    const check = expectOk(
      await post('/api/achievements/check', { token: user.token, json: { type: 'different_projects', currentValue: 3, targetValue: 3 } }),
      achievementCheckResponse,
    );
    expect(check.data).toMatchObject({ currentValue: 2, isCompleted: false });
    expect(check.message).toBe('成就进度已更新');
    const amount = expectOk(
      await post('/api/achievements/check', { token: user.token, json: { type: 'donation_amount' } }),
      achievementCheckResponse,
    );
    expect(amount.message).toBe('已获得成就：乐善好施');
  });

  it('complete all three with three projects, even when the donations arrive at once', async () => {
    const giver = await cmsUser('give3');
    const answers = await Promise.all(projects.slice(5, 8).map((project) => donate(giver.token, { projectId: project.id, amount: 100 })));
    for (const answer of answers) expectOk(answer, donateResponse);
    const states = await achievementsOf(giver.token, giver.id);
    expect(states.map((s) => [s.achievementType, s.currentValue, s.isCompleted])).toEqual([
      ['first_donation', 1, true],
      ['donation_amount', 300, false],
      ['different_projects', 3, true],
    ]);
  });

  it("refuses another user's achievements with 403", async () => {
    expectError(await get(`/api/achievements/user/${demo.id}`, { token: user.token }), 403, '无权访问或修改其他用户的数据');
    expectError(
      await post('/api/achievements/check', { token: user.token, json: { userId: demo.id, type: 'first_donation' } }),
      403,
      '无权访问或修改其他用户的数据',
    );
    expectError(await get(`/api/achievements/user/${user.id}`), 401, '请先登录');
  });

  it('refuses an unknown achievement type', async () => {
    expectError(await post('/api/achievements/check', { token: user.token, json: { type: 'millionaire' } }), 400, '未知的成就类型');
  });
});

describe('POST /api/donations/donate', () => {
  it('takes amounts of 1 and 10000 yuan', async () => {
    for (const amount of [1, 10000]) {
      const { data } = expectOk(await donate(demo.token, { projectId: projects[2]!.id, amount }), donateResponse);
      expect(data.donation.amount).toBe(amount);
    }
  });

  it.each([
    [0, '捐赠金额不能少于 1 元'],
    [-5, '捐赠金额不能少于 1 元'],
    [10001, '单笔捐赠金额不能超过 10000 元'],
    [10.5, '捐赠金额必须是整数（元）'],
    ['100', '捐赠金额必须是数字'],
  ])('refuses amount %j with 400', async (amount, message) => {
    const before = (await mine(demo.token)).length;
    expectError(await donate(demo.token, { projectId: projects[2]!.id, amount }), 400, message);
    expect((await mine(demo.token)).length).toBe(before);
  });

  it('takes the project name from the catalogue, not from the client', async () => {
    const { data } = expectOk(
      await donate(demo.token, { projectId: projects[3]!.id, projectName: '伪造的项目', amount: 10 }),
      donateResponse,
    );
    expect(data.donation.projectName).toBe(projects[3]!.title);
  });

  it('answers 404 for a project that does not exist and 403 for another userId', async () => {
    expectError(await donate(demo.token, { projectId: 99999, amount: 10 }), 404, '公益项目不存在');
    expectError(await donate(demo.token, { userId: user.id, projectId: projects[0]!.id, amount: 10 }), 403, '无权访问或修改其他用户的数据');
    expectError(await donate('', { projectId: projects[0]!.id, amount: 10 }), 401, '请先登录');
  });

  it('answers a replayed Idempotency-Key with the first donation and records it once', async () => {
    const before = (await mine(demo.token)).length;
    const key = `give-${uniqueSuffix(12)}`;
    const body = { projectId: projects[4]!.id, amount: 50 };
    const first = expectOk(await donate(demo.token, body, { 'idempotency-key': key }), donateResponse);
    const second = expectOk(await donate(demo.token, body, { 'idempotency-key': key }), donateResponse);
    expect(second.data.donation).toEqual(first.data.donation);
    const burst = await Promise.all(Array.from({ length: 4 }, () => donate(demo.token, body, { 'idempotency-key': key })));
    for (const answer of burst) expect(expectOk(answer, donateResponse).data.donation.id).toBe(first.data.donation.id);
    expect((await mine(demo.token)).length).toBe(before + 1);
  });
});

describe('GET /api/donations/mine and /api/donations/feed', () => {
  it("lists the visitor's own donations, newest first", async () => {
    const records = await mine(user.token);
    expect(records.map((r) => r.amount)).toEqual([400, 600]);
  });

  it('shows donors masked to their first character', async () => {
    const { records } = expectOk(await get('/api/donations/feed', { query: { limit: 100 } }), donorFeedResponse).data;
    expect(records.length).toBeGreaterThanOrEqual(2);
    const times = records.map((r) => Date.parse(r.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const ours = records.filter((r) => r.amount === 600 || r.amount === 400);
    expect(ours.length).toBeGreaterThanOrEqual(2);
    for (const record of records) {
      expect(record.donor).toMatch(/^.\*\*$/u);
      expect(record.donor).not.toContain(user.username);
      expect(record.donor).not.toContain('demo');
    }
    expectError(await get('/api/donations/feed', { query: { limit: 101 } }), 400, 'limit 不能大于 100');
  });

  it('has a donation in the feed right after its answer, though the feed was read a moment before (the adapter keeps it for a second)', async () => {
    const feed = async () => expectOk(await get('/api/donations/feed', { query: { limit: 20 } }), donorFeedResponse).data.records;
    await feed();
    const donor = await newUser('feed');
    const { donation } = expectOk(
      await donate(donor.token, { userId: donor.id, projectId: projects[1]!.id, amount: 7 }),
      donateResponse,
    ).data;
    const records = await feed();
    expect(records.find((r) => r.id === donation.id)).toMatchObject({ amount: 7, donor: expect.stringMatching(/^.\*\*$/u) });
  });
});

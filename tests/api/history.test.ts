import { beforeAll, describe, expect, it } from 'vitest';
import { browseListResponse, browseRecordResponse, culturePageResponse, type CultureItem } from '@feiyi/contract';
import { expectError, expectOk, get, newUser, post, signToken, type TestUser } from '../support/api.ts';

let user: TestUser;
let cultures: CultureItem[];
beforeAll(async () => {
  user = await newUser('hist');
  cultures = expectOk(await get('/api/culture/page', { query: { size: 50 } }), culturePageResponse).data.page.records;
});

const history = async (query: Record<string, string | number> = {}) =>
  expectOk(await get('/api/profile/browse-history', { token: user.token, query }), browseListResponse).data;

describe('POST /api/profile/browse-history', () => {
  it('records one view and lists it with the title and cover of what was viewed', async () => {
    const culture = cultures[0]!;
    const saved = expectOk(
      await post('/api/profile/browse-history', { token: user.token, json: { browseType: 'culture', browseId: culture.id } }),
      browseRecordResponse,
    );
    expect(saved.data).toEqual({ status: 'success', saved: 1 });
    const { records, total } = await history();
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({ browseType: 'culture', browseId: culture.id, title: culture.title, coverImage: culture.coverImage });
    expect(Date.now() - Date.parse(records[0]!.browseTime)).toBeLessThan(60_000);
  });

  it('keeps one entry per item: a second view only moves its time', async () => {
    const culture = cultures[0]!;
    const before = (await history()).records[0]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectOk(
      await post('/api/profile/browse-history', { token: user.token, json: { browseType: 'culture', browseId: culture.id } }),
      browseRecordResponse,
    );
    const { records, total } = await history();
    expect(total).toBe(1);
    expect(Date.parse(records[0]!.browseTime)).toBeGreaterThan(Date.parse(before.browseTime));
  });

  it('keeps one entry when the same view is recorded five times at once', async () => {
    const culture = cultures[7]!;
    const before = (await history()).total;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/profile/browse-history', { token: user.token, json: { browseType: 'culture', browseId: culture.id } }),
      ),
    );
    for (const answer of answers) expectOk(answer, browseRecordResponse);
    const { records, total } = await history({ size: 50 });
    expect(total).toBe(before + 1);
    expect(records.filter((r) => r.browseId === culture.id)).toHaveLength(1);
  });

  it('validates type and id', async () => {
    expectError(
      await post('/api/profile/browse-history', { token: user.token, json: { browseType: 'video', browseId: 1 } }),
      400,
      '不支持的浏览类型：video',
    );
    expectError(
      await post('/api/profile/browse-history', { token: user.token, json: { browseType: 'culture', browseId: 0 } }),
      400,
      'browseId 不能小于 1',
    );
    expectError(
      await post('/api/profile/browse-history', {
        token: user.token,
        json: { browseType: 'culture', browseId: 1, browseTime: 'yesterday' },
      }),
      400,
      'browseTime 必须是 ISO 时间',
    );
  });

  it('needs a token', async () => {
    expectError(await post('/api/profile/browse-history', { json: { browseType: 'culture', browseId: 1 } }), 401, '请先登录');
    const expired = await signToken(user.id, { issuedAt: 1_700_000_000, expiresAt: 1_700_000_001 });
    expectError(await get('/api/profile/browse-history', { token: expired }), 401, '登录已过期，请重新登录');
  });
});

describe('POST /api/profile/browse-history/batch', () => {
  it('syncs a local list in one call, removing duplicates and keeping the newest time', async () => {
    const [a, b, c] = cultures.slice(1, 4);
    const older = new Date(Date.now() - 3_600_000).toISOString();
    const newer = new Date(Date.now() - 60_000).toISOString();
    const batch = [
      { browseType: 'culture', browseId: a!.id, browseTime: older },
      { browseType: 'culture', browseId: a!.id, browseTime: newer },
      { browseType: 'culture', browseId: b!.id, browseTime: older },
      { browseType: 'culture', browseId: b!.id, browseTime: older },
      { browseType: 'culture', browseId: c!.id },
    ];
    const before = (await history()).total;
    const saved = expectOk(await post('/api/profile/browse-history/batch', { token: user.token, json: batch }), browseRecordResponse);
    expect(saved.data).toEqual({ status: 'success', saved: 3 });
    const { records, total } = await history({ size: 50 });
    expect(total).toBe(before + 3);
    const entryA = records.find((r) => r.browseId === a!.id)!;
    expect(Date.parse(entryA.browseTime)).toBe(Date.parse(newer));
    expect(records.filter((r) => r.browseId === b!.id)).toHaveLength(1);
  });

  it('accepts { records: [...] } as well', async () => {
    const culture = cultures[5]!;
    const saved = expectOk(
      await post('/api/profile/browse-history/batch', {
        token: user.token,
        json: { records: [{ browseType: 'culture', browseId: culture.id }] },
      }),
      browseRecordResponse,
    );
    expect(saved.data.saved).toBe(1);
  });

  it('never stores a time in the future', async () => {
    const culture = cultures[6]!;
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expectOk(
      await post('/api/profile/browse-history/batch', {
        token: user.token,
        json: [{ browseType: 'culture', browseId: culture.id, browseTime: future }],
      }),
      browseRecordResponse,
    );
    const entry = (await history({ size: 50 })).records.find((r) => r.browseId === culture.id)!;
    expect(Date.parse(entry.browseTime)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses more than 50 records and an empty batch with the spec messages', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ browseType: 'culture', browseId: i + 1 }));
    const before = (await history()).total;
    expectError(await post('/api/profile/browse-history/batch', { token: user.token, json: many }), 400, '一次最多同步 50 条浏览记录');
    expectError(
      await post('/api/profile/browse-history/batch', { token: user.token, json: { records: many } }),
      400,
      '一次最多同步 50 条浏览记录',
    );
    expectError(await post('/api/profile/browse-history/batch', { token: user.token, json: [] }), 400, '没有要同步的浏览记录');
    expect((await history()).total).toBe(before);
  });

  it('accepts exactly 50 records, duplicates included', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ browseType: 'culture', browseId: cultures[i % 10]!.id }));
    const saved = expectOk(await post('/api/profile/browse-history/batch', { token: user.token, json: fifty }), browseRecordResponse);
    expect(saved.data.saved).toBe(10);
  });
});

describe('GET /api/profile/browse-history', () => {
  it('lists newest first, pages by 10 and filters by type', async () => {
    const all = await history();
    expect(all.size).toBe(10);
    expect(all.current).toBe(1);
    expect(all.pages).toBe(Math.ceil(all.total / 10));
    const times = all.records.map((r) => Date.parse(r.browseTime));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expectOk(
      await post('/api/profile/browse-history', { token: user.token, json: { browseType: 'inheritor', browseId: 1 } }),
      browseRecordResponse,
    );
    const inheritors = await history({ type: 'inheritor' });
    expect(inheritors.total).toBe(1);
    expect(inheritors.records[0]!.browseType).toBe('inheritor');
    expect(inheritors.records[0]!.title.length).toBeGreaterThan(0);
    expect((await history({ type: '' })).total).toBe(all.total + 1);
    expectError(await get('/api/profile/browse-history', { token: user.token, query: { type: 'video' } }), 400, '不支持的浏览类型：video');
  });
});

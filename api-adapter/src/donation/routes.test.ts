import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { achievement, donation } from '@feiyi/contract/donation';
import { adaptersClosedAfterEach, bearer, tokenFor } from '../app.fixture.ts';
import { answerBy, type CmsAnswer, stubCms, tokenOf } from '../cms/client.fixture.ts';

const given: z.infer<typeof donation> = {
  id: 31,
  projectId: 2,
  projectName: '古籍修复',
  amount: 50,
  createdAt: '2026-11-29T00:00:00.000Z',
};
const firstDonation: z.infer<typeof achievement> = {
  achievementType: 'first_donation',
  achievementName: '初心善举',
  description: '完成第一次捐赠',
  currentValue: 1,
  targetValue: 1,
  isCompleted: true,
};

const adapter = adaptersClosedAfterEach();

async function adapterAnswering(table: Record<string, CmsAnswer>) {
  const stub = stubCms({ answer: answerBy(table) });
  const { server } = await adapter(stub.cms);
  return { server, stub };
}

describe('donations belong to the token’s user', () => {
  it('sends the CMS the project, the amount and the Idempotency-Key with the visitor’s own token, nothing the client says of names', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({
      'post portal/donations': () => ({ donation: given, achievements: [firstDonation] }),
    });
    const response = await server.inject({
      method: 'POST',
      url: '/api/donations/donate',
      headers: { ...bearer(seven), 'idempotency-key': 'gift-1' },
      payload: { userId: 7, projectId: 2, projectName: '别的名字', amount: 50 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ donation: given, achievements: [firstDonation] });
    expect(stub.calls.map((call) => [call.method, call.path, tokenOf(call), call.payload])).toEqual([
      ['post', 'portal/donations', seven, { projectId: 2, amount: 50, idempotencyKey: 'gift-1' }],
    ]);
  });

  it('refuses another user’s id with 403 before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({});
    const donate = await server.inject({
      method: 'POST',
      url: '/api/donations/donate',
      headers: bearer(seven),
      payload: { userId: 8, projectId: 2, amount: 50 },
    });
    const achievements = await server.inject({ method: 'GET', url: '/api/achievements/user/8', headers: bearer(seven) });
    expect([donate.statusCode, achievements.statusCode]).toEqual([403, 403]);
    expect(stub.calls).toEqual([]);
  });

  it('refuses an amount out of 1–10000 yuan with the Chinese message, before the CMS is asked', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({});
    const response = await server.inject({
      method: 'POST',
      url: '/api/donations/donate',
      headers: bearer(seven),
      payload: { projectId: 2, amount: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect(stub.calls).toEqual([]);
  });
});

describe('achievements', () => {
  it('answers the state the CMS computed for the asked type, ignoring the progress the client sends', async () => {
    const seven = await tokenFor(7);
    const { server, stub } = await adapterAnswering({ 'get portal/achievements': () => [firstDonation] });
    const response = await server.inject({
      method: 'POST',
      url: '/api/achievements/check',
      headers: bearer(seven),
      payload: { type: 'first_donation', currentValue: 99, targetValue: 1 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(firstDonation);
    expect(stub.calls.map((call) => `${call.method} ${call.path} ${tokenOf(call)}`)).toEqual([`get portal/achievements ${seven}`]);
  });

  it('lists the visitor’s own achievements with their token', async () => {
    const seven = await tokenFor(7);
    const { server } = await adapterAnswering({ 'get portal/achievements': (call) => (tokenOf(call) === seven ? [firstDonation] : []) });
    const response = await server.inject({ method: 'GET', url: '/api/achievements/user/7', headers: bearer(seven) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([firstDonation]);
  });
});

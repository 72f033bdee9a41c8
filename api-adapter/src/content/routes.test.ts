import { describe, expect, it } from 'vitest';
import { SUCCESS_CODE } from '@feiyi/contract/common';
import { NO_SITE_BUILD, type SiteBuildStatus } from '@feiyi/contract/site-build';
import { adaptersClosedAfterEach, TEST_WEBHOOK_SECRET } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import { answerHash } from './events-routes.ts';

/** The internal routes the CMS and the site builder call: the shared secret, the build report, the answers' fingerprints. */
const adapter = adaptersClosedAfterEach();
const secret = { 'x-webhook-secret': TEST_WEBHOOK_SECRET };

const policies = [{ id: 21, pid: 3, title: '中华人民共和国非物质文化遗产法', content: '……', pubDate: '2011-02-25', datePrecision: 'day' }];

async function adapterWithContent() {
  const stub = stubCms({ collections: { policies }, singles: { 'portal/national-list': { entries: [], inheritors: [] } } });
  return (await adapter(stub.cms)).server;
}

const report: SiteBuildStatus = {
  contentVersion: 'c:s',
  builtAt: '2026-11-30T01:00:00.000Z',
  durationMs: 2970,
  result: 'pages',
  rendered: 3,
  removed: 0,
  error: null,
  failedAt: null,
};

describe('the internal routes', () => {
  it('answer 401 without the shared secret, or with another', async () => {
    const server = await adapterWithContent();
    for (const headers of [{}, { 'x-webhook-secret': 'not-the-secret' }]) {
      const reads = [
        await server.inject({ method: 'GET', url: '/api/internal/site-build', headers }),
        await server.inject({ method: 'PUT', url: '/api/internal/site-build', headers, payload: report }),
        await server.inject({ method: 'POST', url: '/api/internal/cms-events', headers, payload: { event: 'entry.publish' } }),
        await server.inject({ method: 'POST', url: '/api/internal/site-reads', headers, payload: { keys: ['/api/policy/list'] } }),
      ];
      expect(reads.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    }
    // Nothing was stored by the refused report.
    const stored = await server.inject({ method: 'GET', url: '/api/internal/site-build', headers: secret });
    expect(stored.json().data).toEqual(NO_SITE_BUILD);
  });

  it('keep the site builder’s last report and answer it (no Redis: this instance’s copy)', async () => {
    const server = await adapterWithContent();
    expect((await server.inject({ method: 'GET', url: '/api/internal/site-build', headers: secret })).json().data).toEqual(NO_SITE_BUILD);
    const put = await server.inject({ method: 'PUT', url: '/api/internal/site-build', headers: secret, payload: report });
    expect(put.statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/api/internal/site-build', headers: secret })).json().data).toEqual(report);
  });

  it('refuse a report that is not one, in Chinese, and keep the one before', async () => {
    const server = await adapterWithContent();
    await server.inject({ method: 'PUT', url: '/api/internal/site-build', headers: secret, payload: report });
    const bad = await server.inject({
      method: 'PUT',
      url: '/api/internal/site-build',
      headers: secret,
      payload: { ...report, result: 'half', rendered: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect((await server.inject({ method: 'GET', url: '/api/internal/site-build', headers: secret })).json().data).toEqual(report);
  });

  it('fingerprint each answer the site renderer read as its own GET would answer it', async () => {
    const server = await adapterWithContent();
    const keys = ['/api/policy/list', '/api/culture/999999', '/api/policy/list?_t=1'];
    const answer = await server.inject({ method: 'POST', url: '/api/internal/site-reads', headers: secret, payload: { keys } });
    expect(answer.statusCode).toBe(200);
    const { hashes } = answer.json().data as { hashes: Record<string, string> };
    expect(Object.keys(hashes).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const direct = await server.inject({ method: 'GET', url: key });
      expect(hashes[key]).toBe(answerHash(direct.statusCode, direct.body));
    }
    // Different answers, different fingerprints (a 404 is not the policy list).
    expect(hashes['/api/culture/999999']).not.toBe(hashes['/api/policy/list']);
  });

  it('read only the API’s own answers for the renderer', async () => {
    const server = await adapterWithContent();
    const answer = await server.inject({
      method: 'POST',
      url: '/api/internal/site-reads',
      headers: secret,
      payload: { keys: ['/api/policy/list', '/admin'] },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('只能读取本站接口的答复');
  });

  it('take the CMS’s publish report and answer ok', async () => {
    const server = await adapterWithContent();
    const answer = await server.inject({
      method: 'POST',
      url: '/api/internal/cms-events',
      headers: secret,
      payload: { event: 'entry.publish', models: ['api::policy.policy'] },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ code: SUCCESS_CODE, data: null });
  });
});

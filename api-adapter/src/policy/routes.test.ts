import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { policyListResponse, timelineResponse } from '@feiyi/contract/policy';
import { adaptersClosedAfterEach } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import type { strapiPolicy, strapiTimelineEntry } from './mapper.ts';

/** Two published policies: one known to the day (pid 3), one known only by its year, without a pid. */
const policies: Array<z.input<typeof strapiPolicy>> = [
  {
    id: 21,
    pid: 3,
    title: '中华人民共和国非物质文化遗产法',
    content: '为了继承和弘扬中华民族优秀传统文化……',
    pubDate: '2011-02-25T00:00:00.000Z',
    datePrecision: 'day',
    issuer: '全国人民代表大会常务委员会',
    docNumber: '主席令第四十二号',
    source: 'https://www.gov.cn/flfg/2011-02/25/content_1857449.htm',
  },
  { id: 22, pid: null, title: '关于加强我国非物质文化遗产保护工作的意见', content: '……', pubDate: '2005-01-01', datePrecision: 'year' },
];
const timeline: Array<z.input<typeof strapiTimelineEntry>> = [
  { year: 2011, title: '非遗法施行', passage: '非物质文化遗产法通过。', policy: { pid: 3 } },
  { year: 2006, title: '第一批名录', passage: '国务院公布第一批国家级名录。', note: '518 项', policy: null },
];

const adapter = adaptersClosedAfterEach();

async function adapterWithPolicies() {
  const stub = stubCms({
    collections: { policies, 'timeline-entries': timeline },
    singles: { 'portal/national-list': { entries: [], inheritors: [] } },
  });
  const { server } = await adapter(stub.cms);
  return { server, stub };
}

describe('GET /api/policy/list', () => {
  it('answers every published policy in the CMS’s order, dates cut to the day and missing fields filled', async () => {
    const { server, stub } = await adapterWithPolicies();
    const answer = await server.inject({ method: 'GET', url: '/api/policy/list' });
    expect(answer.statusCode).toBe(200);
    expect(policyListResponse.parse(answer.json()).data.policies).toEqual([
      {
        id: 3,
        title: '中华人民共和国非物质文化遗产法',
        content: '为了继承和弘扬中华民族优秀传统文化……',
        pubDate: '2011-02-25',
        datePrecision: 'day',
        issuer: '全国人民代表大会常务委员会',
        docNumber: '主席令第四十二号',
        source: 'https://www.gov.cn/flfg/2011-02/25/content_1857449.htm',
      },
      // No pid: the document's own id; no issuer, number or source: empty, as the contract says.
      {
        id: 22,
        title: '关于加强我国非物质文化遗产保护工作的意见',
        content: '……',
        pubDate: '2005-01-01',
        datePrecision: 'year',
        issuer: '',
        docNumber: null,
        source: '',
      },
    ]);
    // Served from memory: one load, no call on the visitor's behalf.
    expect(stub.loads.policies).toBe(1);
    expect(stub.calls).toEqual([]);
  });

  it('answers 304 to a client that already holds the same list', async () => {
    const { server } = await adapterWithPolicies();
    const first = await server.inject({ method: 'GET', url: '/api/policy/list' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await server.inject({ method: 'GET', url: '/api/policy/list', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/timeline', () => {
  it('answers each entry with the policy it links to by its public id, or none', async () => {
    const { server } = await adapterWithPolicies();
    const answer = await server.inject({ method: 'GET', url: '/api/timeline' });
    expect(answer.statusCode).toBe(200);
    expect(timelineResponse.parse(answer.json()).data.timeline).toEqual([
      { year: 2011, title: '非遗法施行', passage: '非物质文化遗产法通过。', policyId: 3, note: null },
      { year: 2006, title: '第一批名录', passage: '国务院公布第一批国家级名录。', policyId: null, note: '518 项' },
    ]);
  });
});

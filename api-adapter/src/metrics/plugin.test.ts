import { Registry } from '@prometheus-io/client';
import { describe, expect, it } from 'vitest';
import { METRICS } from '@feiyi/contract/metrics';
import { buildAdapter } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import { cmsOperationOf } from './plugin.ts';

const cultures = [{ id: 41, documentId: 'jingju', pid: 7, title: '京剧', viewCount: 12, publishedAt: '2026-11-22T00:00:00.000Z' }];

describe('the adapter metrics', () => {
  it('count requests per route and status, the answer cache, and the process (memory, heap, event-loop lag)', async () => {
    const stub = stubCms({ collections: { cultures }, singles: { 'portal/national-list': { entries: [], inheritors: [] } } });
    const registry = new Registry();
    const { server } = await buildAdapter(stub.cms, {}, { registry });
    try {
      for (let i = 0; i < 3; i += 1) expect((await server.inject({ method: 'GET', url: '/api/culture/hot?limit=1' })).statusCode).toBe(200);
      expect((await server.inject({ method: 'GET', url: '/api/culture/999999' })).statusCode).toBe(404);
      // The public port has no /metrics: they are served on the internal metrics port only (server.ts).
      expect((await server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const text = await registry.metrics();
      expect(text).toContain(`${METRICS.httpDuration}_count{method="GET",route="/api/culture/hot",status_code="200"} 3`);
      expect(text).toContain(`${METRICS.httpDuration}_count{method="GET",route="/api/culture/:id",status_code="404"} 1`);
      expect(text).toMatch(new RegExp(`${METRICS.cacheLookups}\\{result="hit"\\} [1-9]`));
      expect(text).toMatch(new RegExp(`${METRICS.cacheLookups}\\{result="miss"\\} [1-9]`));
      for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
        expect(text).toContain(`\n${name} `);
      }
    } finally {
      await server.close();
    }
  });

  it('name a CMS call by its first path segments, never by an id', () => {
    expect(cmsOperationOf('/api/portal/orders/batch')).toBe('portal/orders');
    expect(cmsOperationOf('/api/cultures?status=published&pagination[page]=2')).toBe('cultures');
    expect(cmsOperationOf('/api/profile/42')).toBe('profile');
    expect(cmsOperationOf('/api/products/abcdefghijklmnopqrstuvwx')).toBe('products');
    expect(cmsOperationOf('/_health')).toBe('_health');
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { Registry } from '@prometheus-io/client';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@feiyi/contract/common';
import * as MESSAGES from '@feiyi/contract/messages';
import { METRICS } from '@feiyi/contract/metrics';
import { buildAdapter } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';

const cultures = [{ id: 41, documentId: 'jingju', pid: 7, title: '京剧', viewCount: 12, publishedAt: '2026-11-22T00:00:00.000Z' }];

/** Holds this process's event loop, as work too heavy for the instance would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer, no I/O runs meanwhile
  }
}

/**
 * Keeps the event loop lagging for a while: blocks of 120 ms with a turn of the loop between them, so the delay
 * monitor's every sample is late (under-pressure compares the mean delay of each one-second window with its limit).
 */
async function overload(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    blockEventLoop(120);
    await sleep(0);
  }
}

const shedCount = async (registry: Registry) => Number(new RegExp(`\n${METRICS.shed} (\\d+)`).exec(await registry.metrics())?.[1] ?? 'NaN');

describe('load shedding', () => {
  it('answers 503 with Retry-After and the Chinese message while the event loop lags, keeps health answering, and recovers', async () => {
    const stub = stubCms({ collections: { cultures }, singles: { 'portal/national-list': { entries: [], inheritors: [] } } });
    const registry = new Registry();
    // A low bar so that a short block is an overload; the default (2 s) is the same check with more patience.
    const { server } = await buildAdapter(stub.cms, { MAX_EVENT_LOOP_DELAY_MS: '50' }, { registry });
    try {
      expect((await server.inject({ method: 'GET', url: '/api/culture/hot?limit=1' })).statusCode).toBe(200);
      expect(await shedCount(registry)).toBe(0);

      // under-pressure takes the loop's delay once a second: lag across two of its windows, then ask at once.
      await overload(2_300);
      const shed = await server.inject({ method: 'GET', url: '/api/culture/hot?limit=1' });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({ code: ERROR_CODES.unavailable, message: MESSAGES.api.overloaded, data: null });
      expect(await shedCount(registry)).toBe(1);
      // The supervisor still hears the instance (and learns why it refuses).
      expect((await server.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // Once the loop is free again for a sample, requests are served as before.
      await sleep(2_200);
      expect((await server.inject({ method: 'GET', url: '/api/culture/hot?limit=1' })).statusCode).toBe(200);
      expect(await shedCount(registry)).toBe(1);
    } finally {
      await server.close();
    }
  }, 15_000);
});

import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import app from '../app.ts';
import { loadConfig } from '../config.ts';

const servers: Array<ReturnType<typeof Fastify>> = [];

/** The whole adapter, as server.ts builds it, with a CMS address nothing answers (no call gets that far). */
async function adapter(env: Record<string, string>) {
  const config = loadConfig({
    CMS_API_TOKEN: 't'.repeat(40),
    JWT_SECRET: 's'.repeat(40),
    CMS_URL: 'http://127.0.0.1:9',
    CACHE_REVALIDATE_MS: '0',
    ...env,
  });
  const server = Fastify();
  servers.push(server);
  await server.register(app, { config });
  await server.ready();
  return server;
}

const orders = (server: Awaited<ReturnType<typeof adapter>>, fault: string) =>
  server.inject({ method: 'GET', url: '/api/order/list', headers: { 'x-test-fault': fault } });

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('the test fault switch', () => {
  it('is off without TEST_FAULTS=1: the header changes nothing', async () => {
    for (const env of [{}, { TEST_FAULTS: '0' }, { TEST_FAULTS: 'true' }] as Array<Record<string, string>>) {
      const server = await adapter(env);
      const answer = await orders(server, '500');
      // The route's own answer: no token, so 401 (not the 500 asked for).
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 40100 });
    }
  });

  it('with TEST_FAULTS=1 answers the status asked for with the catalogue body', async () => {
    const server = await adapter({ TEST_FAULTS: '1' });
    const failed = await orders(server, '500');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 50000, message: '服务器内部错误，请稍后重试', data: null });
    const forbidden = await server.inject({ method: 'GET', url: '/api/profile/browse-history', headers: { 'x-test-fault': '403' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ code: 40300, message: '无权访问该资源', data: null });
  });

  it('with TEST_FAULTS=1 leaves requests without the header, with an unknown status, or outside /api alone', async () => {
    const server = await adapter({ TEST_FAULTS: '1' });
    expect((await server.inject({ method: 'GET', url: '/api/order/list' })).statusCode).toBe(401);
    expect((await orders(server, '418')).statusCode).toBe(401);
    expect((await orders(server, 'abc')).statusCode).toBe(401);
    const page = await server.inject({ method: 'GET', url: '/not-api', headers: { 'x-test-fault': '500' } });
    expect(page.statusCode).toBe(404);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdapter } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';

const servers: FastifyInstance[] = [];

/** The whole adapter, as server.ts builds it, with a CMS that answers nothing (no call gets that far). */
async function adapter(env: Record<string, string>) {
  const { server } = await buildAdapter(stubCms().cms, env);
  servers.push(server);
  return server;
}

const orders = (server: FastifyInstance, fault: string) =>
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

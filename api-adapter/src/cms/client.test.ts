import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { createCmsClient } from './client.ts';

// A stand-in for Strapi that answers the error bodies the portal's controllers write.
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url?.startsWith('/api/portal/orders/7'))
      return send(404, { data: null, error: { status: 404, name: 'PortalError', message: '订单不存在' } });
    if (request.url?.startsWith('/api/auth/local/register'))
      return send(400, { data: null, error: { status: 400, name: 'ApplicationError', message: 'Email or Username are already taken' } });
    return send(403, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const failure = async (run: () => Promise<unknown>) => {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('CMS errors', () => {
  it("pass on the message the CMS wrote, with Strapi's status", async () => {
    const cms = createCmsClient({ baseUrl, token: 't'.repeat(32) });
    const error = await failure(() => cms.asUser('jwt').call('orders.find', { params: { ref: 7 } }));
    expect([error.statusCode, error.code, error.message]).toEqual([404, 40400, '订单不存在']);
  });

  it("use a general Chinese message for Strapi's own errors", async () => {
    const cms = createCmsClient({ baseUrl, token: 't'.repeat(32) });
    const error = await failure(() => cms.asUser('jwt').call('me.read'));
    expect([error.statusCode, error.message]).toEqual([403, '无权访问该资源']);
  });

  it('tell a taken username apart from other registration errors', async () => {
    const cms = createCmsClient({ baseUrl, token: 't'.repeat(32) });
    const error = await failure(() => cms.register({ username: 'taken', email: 'a@example.com', password: 'secret123' }));
    expect([error.statusCode, error.message]).toEqual([409, '用户名或邮箱已被注册']);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../api-adapter/src/app.ts';
import { loadConfig } from '../../api-adapter/src/config.ts';
import { testEnv } from '../support/env.ts';

// The scale-out profile: several adapter instances behind one address share their limits through
// Redis. Two real adapter apps, the real CMS of the test stack, the machine's Redis.
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    const server = Fastify({ logger: false, trustProxy: true });
    await server.register(app, {
      config: loadConfig({
        PORT: String(9100 + i),
        PUBLIC_URL: testEnv.webUrl,
        CMS_URL: testEnv.cmsUrl,
        CMS_API_TOKEN: testEnv.cmsToken,
        JWT_SECRET: testEnv.jwtSecret,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        CACHE_REVALIDATE_MS: '0',
        LOG_LEVEL: 'silent',
      }),
    });
    await server.ready();
    instances.push(server);
  }
});

afterAll(async () => {
  await Promise.all(instances.map((server) => server.close()));
});

const login = (server: FastifyInstance, username: string, ip: string) =>
  server.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-forwarded-for': ip },
    payload: { username, password: 'wrong-password' },
  });

describe('limits shared through Redis across adapter instances', () => {
  it('counts failed logins for one username on every instance', async () => {
    const username = `lim${Date.now().toString(36)}`;
    for (let i = 0; i < 10; i += 1) {
      const answer = await login(instances[i % 2]!, username, `203.0.113.${i + 1}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('用户名或密码错误');
    }
    for (const server of instances) {
      const blocked = await login(server, username, '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 42900, message: '登录失败次数过多，请 10 分钟后再试' });
    }
  });

  it('counts failed logins from one address on every instance', async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 20}`;
    const prefix = `ip${Date.now().toString(36)}`;
    for (let i = 0; i < 10; i += 1) expect((await login(instances[i % 2]!, `${prefix}${i}`, ip)).statusCode).toBe(400);
    expect((await login(instances[1]!, `${prefix}x`, ip)).statusCode).toBe(429);
    expect((await login(instances[0]!, `${prefix}x`, '192.0.2.250')).statusCode).toBe(400);
  });
});

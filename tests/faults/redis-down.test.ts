import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../api-adapter/src/app.ts';
import { loadConfig } from '../../api-adapter/src/config.ts';
import { testEnv } from '../support/env.ts';

// Redis goes away under two adapter instances: a Redis of the test's own (a real redis-server, killed with SIGKILL),
// two real adapter apps on the test stack's CMS. They must serve on with their own limits and state, say so in the
// log, and pick Redis up again when it is back.
// Its port follows the stack's (nginx's + 5, past the adapters'), so suites on other ports never share it.
const REDIS_PORT = Number(process.env.TEST_FAULT_REDIS_PORT ?? Number(new URL(testEnv.webUrl).port) + 5);
const instances: FastifyInstance[] = [];
// Each instance's own log lines: the reconnection is told per instance and per connection.
const logs: string[][] = [];
let redis: ChildProcess | undefined;

const answers = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: REDIS_PORT }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function startRedis(): Promise<ChildProcess> {
  // Another server on the port would answer for ours and never die with it: refuse to run on it.
  if (await answers()) throw new Error(`port ${REDIS_PORT} is taken: stop what listens there or set TEST_FAULT_REDIS_PORT`);
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (;;) {
    if (await answers()) return child;
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (port ${REDIS_PORT} taken?)`);
    await sleep(100);
  }
}

async function killRedis(): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = once(redis, 'exit');
  redis.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  redis = await startRedis();
  for (let i = 0; i < 2; i += 1) {
    const lines: string[] = [];
    logs.push(lines);
    const server = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      trustProxy: true,
    });
    await server.register(app, {
      config: loadConfig({
        PORT: String(9200 + i),
        PUBLIC_URL: testEnv.webUrl,
        CMS_URL: testEnv.cmsUrl,
        CMS_API_TOKEN: testEnv.cmsToken,
        JWT_SECRET: testEnv.jwtSecret,
        WEBHOOK_SECRET: testEnv.webhookSecret,
        REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
        INSTANCE_NAME: `fault-${i + 1}`,
        CACHE_REVALIDATE_MS: '0',
        LOG_LEVEL: 'warn',
      }),
    });
    await server.ready();
    instances.push(server);
  }
});

afterAll(async () => {
  await Promise.all(instances.map((server) => server.close()));
  await killRedis();
});

const login = (server: FastifyInstance, username: string, ip: string) =>
  server.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { 'x-forwarded-for': ip },
    payload: { username, password: 'wrong-password' },
  });

describe('Redis down under two adapter instances', () => {
  it('shares the failed-login count while Redis is up', async () => {
    const username = `rd${Date.now().toString(36)}`;
    for (let i = 0; i < 10; i += 1) expect((await login(instances[i % 2]!, username, `203.0.113.${i + 1}`)).statusCode).toBe(400);
    expect((await login(instances[1]!, username, '198.51.100.9')).statusCode).toBe(429);
  });

  it('with Redis killed: logins still answer (limited per instance), the webhook and the build status answer, and the log says why', async () => {
    await killRedis();
    const username = `rx${Date.now().toString(36)}`;
    // Each instance now counts alone: ten failures on the first block it, the second has seen none.
    for (let i = 0; i < 10; i += 1) {
      const answer = await login(instances[0]!, username, `203.0.113.${i + 1}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('用户名或密码错误');
    }
    expect((await login(instances[0]!, username, '198.51.100.10')).statusCode).toBe(429);
    expect((await login(instances[1]!, username, '198.51.100.10')).statusCode).toBe(400);

    const secret = { 'x-webhook-secret': testEnv.webhookSecret };
    for (const server of instances) {
      const event = await server.inject({
        method: 'POST',
        url: '/api/internal/cms-events',
        headers: secret,
        payload: { event: 'entry.publish' },
      });
      expect(event.statusCode).toBe(200);
      expect((await server.inject({ method: 'GET', url: '/api/internal/site-build', headers: secret })).statusCode).toBe(200);
      expect((await server.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    }
    for (const lines of logs) expect(lines.some((line) => line.includes('redis unreachable'))).toBe(true);
  });

  it('shares the count again once Redis is back', async () => {
    redis = await startRedis();
    // Each instance reconnects by itself, its command connection (which counts failed logins) apart from its
    // subscription (which logs its own "redis is back: …"): wait until every instance's command connection says so.
    const username = `rb${Date.now().toString(36)}`;
    const commandsBack = (lines: string[]) => lines.some((line) => JSON.parse(line).msg === 'redis is back');
    for (;;) {
      const first = await instances[0]!.inject({
        method: 'GET',
        url: '/api/internal/site-build',
        headers: { 'x-webhook-secret': testEnv.webhookSecret },
      });
      expect(first.statusCode).toBe(200);
      if (logs.every(commandsBack)) break;
      await sleep(200);
    }
    for (let i = 0; i < 10; i += 1) expect((await login(instances[i % 2]!, username, `203.0.113.${i + 1}`)).statusCode).toBe(400);
    expect((await login(instances[0]!, username, '198.51.100.11')).statusCode).toBe(429);
    expect((await login(instances[1]!, username, '198.51.100.11')).statusCode).toBe(429);
  });
});

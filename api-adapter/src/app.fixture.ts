import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import type { Registry } from '@prometheus-io/client';
import { afterEach } from 'vitest';
import app from './app.ts';
import type { CmsClient } from './cms/client.ts';
import { loadConfig } from './config.ts';

export const TEST_JWT_SECRET = 'a-unit-test-jwt-secret-of-enough-length';
export const TEST_WEBHOOK_SECRET = 'a-unit-test-webhook-secret';

/** A users-permissions JWT for `userId`, as Strapi signs it (HS256, an hour to live). */
export function tokenFor(userId: number, secret = TEST_JWT_SECRET): Promise<string> {
  return new SignJWT({ id: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/**
 * The whole adapter as server.ts builds it, in memory, talking to the given CMS (a stub: see
 * cms/client.fixture.ts). Also returns every route it registered, as Fastify saw it. Close it after the test.
 */
export async function buildAdapter(cms: CmsClient, env: Record<string, string> = {}, options: { registry?: Registry } = {}) {
  const config = loadConfig({
    CMS_API_TOKEN: 't'.repeat(40),
    JWT_SECRET: TEST_JWT_SECRET,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    CMS_URL: 'http://127.0.0.1:9',
    CACHE_REVALIDATE_MS: '0',
    LOG_LEVEL: 'silent',
    // A busy test worker's own pauses are no overload of the adapter under test.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const server: FastifyInstance = Fastify();
  const routes: RouteOptions[] = [];
  server.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await server.register(app, { config, cms, ...options });
  await server.ready();
  return { server, routes };
}

/** The Authorization header of a visitor's request. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * buildAdapter for a test file whose tests each build their own adapter: registers the afterEach that closes every one
 * built during a test. Call once at the top of the file.
 */
export function adaptersClosedAfterEach() {
  const servers: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (cms: CmsClient, env: Record<string, string> = {}) => {
    const built = await buildAdapter(cms, env);
    servers.push(built.server);
    return built;
  };
}

import Fastify, { type FastifyContextConfig, type FastifyInstance, type HTTPMethods, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdapter, TEST_WEBHOOK_SECRET, tokenFor } from '../app.fixture.ts';
import { stubCms } from '../cms/client.fixture.ts';
import { ROUTE_AUTHS, routeAuth } from './route-auth.ts';

interface Operation {
  security?: unknown;
}
type OpenApiPaths = Record<string, Record<string, Operation>>;

/** One method of one registered route, with what it declares and what the document says about it. */
interface Walked {
  method: Exclude<HTTPMethods, 'HEAD'>;
  url: string;
  config: FastifyContextConfig;
  /** The OpenAPI operation, or undefined for a route left out of the document (hidden). */
  operation: Operation | undefined;
}

let server: FastifyInstance;
let walked: Walked[];
let documented: Array<{ method: string; path: string }>;
let userToken: string;
let foreignToken: string;

/** A concrete URL for a route: every path parameter becomes 1 (validation runs after the auth check). */
const concrete = (url: string) => url.replace(/:\w+/g, '1');
/** Fastify's `/api/culture/:id` is `/api/culture/{id}` in the document. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  // A CMS that answers nothing: a route that gets past its auth check fails later (503, 400), never with 401.
  const built = await buildAdapter(stubCms().cms);
  server = built.server;
  // The document as the adapter publishes it.
  const paths = (await server.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{ paths: OpenApiPaths }>().paths;
  documented = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })));
  walked = built.routes
    .filter((route: RouteOptions) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method): method is Walked['method'] => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          config: (route.config ?? {}) as FastifyContextConfig,
          operation: paths[documentPath(route.url)]?.[method.toLowerCase()],
        })),
    );
  userToken = await tokenFor(7);
  foreignToken = await tokenFor(7, 'a-secret-that-is-not-the-portals-own');
});

afterAll(async () => {
  await server.close();
});

const call = (route: Walked, headers: Record<string, string> = {}, query = '') =>
  server.inject({ method: route.method, url: `${concrete(route.url)}${query}`, headers });

describe('every API route declares its auth once, and the document says what is enforced', () => {
  it('walks all of them: each declares one of the kinds, and every documented operation is a walked route', () => {
    expect(walked.length).toBeGreaterThan(60);
    for (const route of walked) expect(ROUTE_AUTHS, `${route.method} ${route.url}`).toContain(route.config.auth);
    const walkedOperations = walked
      .filter((route) => route.operation)
      .map((route) => `${route.method.toLowerCase()} ${documentPath(route.url)}`);
    const documentedOperations = documented
      .filter(({ path }) => !path.startsWith('/api/docs'))
      .map(({ method, path }) => `${method} ${path}`);
    expect(walkedOperations.sort()).toEqual(documentedOperations.sort());
  });

  it('user routes: the document asks for the bearer token, and without one the answer is 401 with the route’s message', async () => {
    const users = walked.filter((route) => route.config.auth === 'user');
    expect(users.length).toBeGreaterThan(25);
    for (const route of users) {
      const name = `${route.method} ${route.url}`;
      expect(route.operation?.security, name).toEqual(route.config.tokenInQuery ? [{ bearer: [] }, { queryToken: [] }] : [{ bearer: [] }]);
      const anonymous = await call(route);
      expect(anonymous.statusCode, name).toBe(401);
      expect(anonymous.json(), name).toEqual({ code: 40100, message: route.config.loginPrompt ?? '请先登录', data: null });
      const forged = await call(route, { authorization: `Bearer ${foreignToken}` });
      expect(forged.json(), name).toEqual({ code: 40100, message: '登录已过期，请重新登录', data: null });
      // A header that is not a Bearer token is no token (the route's own prompt is for no header at all).
      expect((await call(route, { authorization: 'Basic YTpi' })).json().message, name).toBe('请先登录');
      // With a valid token the auth check lets the request through (what follows fails against the silent CMS, not with 401).
      expect((await call(route, { authorization: `Bearer ${userToken}` })).statusCode, name).not.toBe(401);
    }
  });

  it('the one route that also takes ?token= accepts it there and refuses a forged one', async () => {
    const inQuery = walked.filter((route) => route.config.tokenInQuery);
    expect(inQuery.map((route) => `${route.method} ${route.url}`)).toEqual(['GET /api/user/info']);
    const [route] = inQuery as [Walked];
    expect((await call(route, {}, `?token=${userToken}`)).statusCode).not.toBe(401);
    expect((await call(route, {}, `?token=${foreignToken}`)).json().message).toBe('登录已过期，请重新登录');
  });

  it('public routes: no security in the document, and no 401 without a token', async () => {
    const publics = walked.filter((route) => route.config.auth === 'public');
    expect(publics.length).toBeGreaterThan(25);
    for (const route of publics) {
      const name = `${route.method} ${route.url}`;
      expect(route.operation?.security, name).toBeUndefined();
      expect((await call(route)).statusCode, name).not.toBe(401);
    }
  });

  it('optional routes: the token is optional in the document, and neither no token nor a stale one gets 401', async () => {
    const optionals = walked.filter((route) => route.config.auth === 'optional');
    expect(optionals.map((route) => route.url).sort()).toEqual(['/api/inheritor/:id', '/api/inheritor/category/:categoryId']);
    for (const route of optionals) {
      const name = `${route.method} ${route.url}`;
      expect(route.operation?.security, name).toEqual([{}, { bearer: [] }]);
      expect((await call(route)).statusCode, name).not.toBe(401);
      expect((await call(route, { authorization: `Bearer ${foreignToken}` })).statusCode, name).not.toBe(401);
    }
  });

  it('webhook routes: left out of the document, 401 without the shared secret, through with it', async () => {
    const webhooks = walked.filter((route) => route.config.auth === 'webhook');
    // The CMS's change events, the cache counts, and the site builder's status report and read fingerprints. The fuzz test
    // (tests/api/fuzz.test.ts, INTERNAL_CALLS) breaks each of them: a new one goes there too.
    expect(webhooks.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /api/internal/cache-stats',
      'GET /api/internal/site-build',
      'POST /api/internal/cms-events',
      'POST /api/internal/site-reads',
      'PUT /api/internal/site-build',
    ]);
    for (const route of webhooks) {
      const name = `${route.method} ${route.url}`;
      expect(route.operation, name).toBeUndefined();
      expect((await call(route)).json(), name).toEqual({ code: 40100, message: '无效的回调', data: null });
      expect((await call(route, { 'x-webhook-secret': 'guess-guess-guess' })).statusCode, name).toBe(401);
      expect((await call(route, { 'x-webhook-secret': TEST_WEBHOOK_SECRET })).statusCode, name).not.toBe(401);
    }
  });
});

describe('routeAuth', () => {
  it('refuses to start when a route does not declare who may call it', async () => {
    const bare = Fastify();
    await bare.register(routeAuth, { jwtSecret: 'x'.repeat(20), webhookSecret: undefined });
    expect(() => bare.get('/api/forgotten', async () => 'hi')).toThrow('GET /api/forgotten must declare who may call it');
    await bare.close();
  });
});

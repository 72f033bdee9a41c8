import { timingSafeEqual } from 'node:crypto';
import type { FastifyContextConfig, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/errors.ts';
import { bearerToken, verifyVisitorToken } from './identity.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { ROUTE_AUTHS, type RouteAuth } from '@feiyi/contract/routes';

/**
 * Who may call a route is the contract's route table's (API_ROUTES, declared through http/route-table.ts): routeAuth
 * enforces it before the body is read, and the OpenAPI document's `security` is generated from the same declaration
 * (docs/openapi.ts), so the two cannot drift apart.
 */
export { ROUTE_AUTHS, type RouteAuth };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** 'user' routes: the 401 message when no Authorization header came at all (some routes word their own); default 请先登录. */
    loginPrompt?: string;
    /** 'user' routes: the token may also come as `?token=` (GET /api/user/info accepts it there). */
    tokenInQuery?: boolean;
  }
}

/** The security schemes the generated `security` requirements name. */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  queryToken: { type: 'apiKey', in: 'query', name: 'token', description: '与 Bearer 令牌相同的 JWT，放在 ?token= 中' },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/**
 * The OpenAPI `security` of a route, from its declaration: undefined for public routes (the document's
 * default is none), the bearer token for users, the token as an alternative for optional ones.
 */
export function openApiSecurityOf(config: FastifyContextConfig | undefined): SecurityRequirement[] | undefined {
  switch (config?.auth) {
    case 'user':
      return config.tokenInQuery ? [{ bearer: [] }, { queryToken: [] }] : [{ bearer: [] }];
    case 'optional':
      return [{}, { bearer: [] }];
    default:
      return undefined;
  }
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface RouteAuthOptions {
  jwtSecret: string;
  webhookSecret: string | undefined;
}

/**
 * Enforces each route's declared `config.auth` with one onRequest hook of its own (before the body is
 * parsed: an anonymous upload is refused unread). A route registered after this plugin without a
 * declaration fails the start, so no route is public by omission.
 */
export const routeAuth = fp<RouteAuthOptions>(
  async (app, { jwtSecret, webhookSecret }) => {
    const secret = new TextEncoder().encode(jwtSecret);
    app.decorateRequest('visitor', null);

    const requireUser =
      ({ loginPrompt, tokenInQuery }: FastifyContextConfig): onRequestHookHandler =>
      async (request: FastifyRequest) => {
        let token = bearerToken(request);
        if (!token && tokenInQuery) {
          const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
          if (fromQuery) token = String(fromQuery);
        }
        if (!token) throw ApiError.unauthenticated(!request.headers.authorization && loginPrompt ? loginPrompt : MESSAGES.api.loginFirst);
        request.visitor = await verifyVisitorToken(token, secret);
      };

    const identifyIfPossible: onRequestHookHandler = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      // A guest with a stale token is still a guest for public views.
      if (token) request.visitor = await verifyVisitorToken(token, secret).catch(() => null);
    };

    const requireWebhookSecret: onRequestHookHandler = async (request: FastifyRequest) => {
      const given = request.headers['x-webhook-secret'];
      if (!webhookSecret || typeof given !== 'string' || !sameSecret(given, webhookSecret))
        throw ApiError.unauthenticated(MESSAGES.api.webhookRefused);
    };

    const checkOf = (config: FastifyContextConfig): onRequestHookHandler | undefined => {
      switch (config.auth) {
        case 'user':
          return requireUser(config);
        case 'optional':
          return identifyIfPossible;
        case 'webhook':
          return requireWebhookSecret;
        default:
          return undefined;
      }
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      const config = (route.config ?? {}) as FastifyContextConfig;
      if (!config.auth || !ROUTE_AUTHS.includes(config.auth)) {
        throw new Error(`${String(route.method)} ${route.url} must declare who may call it: config.auth = ${ROUTE_AUTHS.join(' | ')}`);
      }
      if ((config.loginPrompt !== undefined || config.tokenInQuery) && config.auth !== 'user') {
        throw new Error(`${String(route.method)} ${route.url}: loginPrompt and tokenInQuery apply to auth 'user' only`);
      }
      const check = checkOf(config);
      if (!check) return;
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [...existing, check];
    });
  },
  { name: 'route-auth', fastify: '5.x' },
);

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { ApiError } from '../http/errors.ts';
import type { CmsClient, UserCalls } from '../cms/client.ts';

export interface Visitor {
  id: number;
  /** The visitor's own JWT, passed on to Strapi for their own data. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+\S+$/i.test(header)) return header.replace(/^Bearer\s+/i, '');
  return undefined;
}

/** Verifies a users-permissions JWT (HS256, shared secret, unexpired) and returns the user id in it. */
export async function verifyVisitorToken(token: string, secret: Uint8Array): Promise<Visitor> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    const id = Number(payload.id);
    if (!Number.isInteger(id) || id <= 0) throw new Error('token carries no user id');
    return { id, token };
  } catch {
    throw ApiError.unauthenticated('登录已过期，请重新登录');
  }
}

/**
 * `request.visitor` is the user proven by the Bearer token, never one named in a query or body.
 * requireUser rejects requests without a valid token; optionalUser lets guests through as null.
 */
export function registerIdentity(app: FastifyInstance, jwtSecret: string) {
  const secret = new TextEncoder().encode(jwtSecret);
  app.decorateRequest('visitor', null);

  const identify = async (request: FastifyRequest, token: string | undefined, required: boolean) => {
    if (!token) {
      if (required) throw ApiError.unauthenticated('请先登录');
      return;
    }
    request.visitor = await verifyVisitorToken(token, secret);
  };

  return {
    requireUser: async (request: FastifyRequest) => identify(request, bearerToken(request), true),
    optionalUser: async (request: FastifyRequest) => {
      // A guest with a stale token is still a guest for public views.
      await identify(request, bearerToken(request), false).catch(() => undefined);
    },
    /** GET /api/user/info also accepts ?token= (the spec's call). */
    requireUserFromHeaderOrQuery: async (request: FastifyRequest) => {
      const query = request.query as { token?: string } | undefined;
      await identify(request, bearerToken(request) ?? (query?.token || undefined), true);
    },
  };
}

export type Identity = ReturnType<typeof registerIdentity>;

/** The visitor of a route that ran requireUser. */
export function visitorOf(request: FastifyRequest): Visitor {
  if (!request.visitor) throw ApiError.unauthenticated('请先登录');
  return request.visitor;
}

/** A userId a client sent must be the token's own user (403 otherwise). */
export function assertSelf(visitor: Visitor, userId: number | undefined): void {
  if (userId !== undefined && userId !== visitor.id) throw ApiError.forbidden('无权访问或修改其他用户的数据');
}

/** The CMS calls made on behalf of the route's signed-in visitor, with their own token (Strapi checks it again). */
export function asVisitor(cms: CmsClient, request: FastifyRequest): UserCalls {
  return cms.asUser(visitorOf(request).token);
}

import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { ApiError } from '../http/errors.ts';
import type { CmsClient, UserCalls } from '../cms/client.ts';
import * as MESSAGES from '@feiyi/contract/messages';

export interface Visitor {
  id: number;
  /** The visitor's own JWT, passed on to Strapi for their own data. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user proven by the Bearer token (route-auth.ts), never one named in a query or body; null for guests. */
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
    throw ApiError.unauthenticated(MESSAGES.api.sessionExpired);
  }
}

/**
 * The visitor of a route declared `auth: 'user'` (route-auth.ts has checked the token). Reading it on a
 * route declared otherwise is a programming error (a 500, not a 401): the route's declaration, and with
 * it the OpenAPI document, would say less than the route needs.
 */
export function visitorOf(request: FastifyRequest): Visitor {
  if (request.routeOptions.config.auth !== 'user' || !request.visitor) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads the visitor but does not declare auth: 'user'`);
  }
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

import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import * as MESSAGES from '@feiyi/contract/messages';

/** A failure the adapter passes on to the visitor: HTTP status plus a Chinese message. */
export class PortalError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const notFound = (message: string) => new PortalError(404, message);
export const conflict = (message: string) => new PortalError(409, message);
export const badRequest = (message: string) => new PortalError(400, message);

export interface PortalContext {
  state: { user?: { id: number; username: string }; auth?: { strategy?: { name?: string } } };
  params: Record<string, string>;
  query: Record<string, unknown>;
  request: { body?: unknown; headers: Record<string, string | string[] | undefined> };
  status: number;
  body: unknown;
}

/** The visitor behind the request: Strapi's users-permissions has verified the JWT. */
export function userIdOf(ctx: PortalContext): number {
  const id = ctx.state.user?.id;
  if (!id) throw new PortalError(401, MESSAGES.api.loginFirst);
  return id;
}

/** Routes meant only for the adapter's server token (never a visitor's JWT). */
export function requireServerToken(ctx: PortalContext): void {
  const strategy = ctx.state.auth?.strategy?.name;
  // Strapi 5.54 names it 'content-api-token' (earlier 5.x: 'api-token').
  if (strategy !== 'content-api-token' && strategy !== 'api-token') throw new PortalError(403, '无权访问');
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    throw badRequest(
      issue?.message && field && !issue.message.includes(field) ? `${field}：${issue.message}` : (issue?.message ?? '参数错误'),
    );
  }
  return result.data;
}

/** Wraps a custom action: its result becomes `{ data }`; a PortalError becomes Strapi's error body. */
export function action(run: (ctx: PortalContext, strapi: Core.Strapi) => Promise<unknown>): Core.ControllerHandler {
  return async (koaContext) => {
    const ctx = koaContext as unknown as PortalContext;
    try {
      ctx.body = { data: await run(ctx, strapi) };
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      ctx.status = error.status;
      ctx.body = { data: null, error: { status: error.status, name: 'PortalError', message: error.message, details: {} } };
    }
  };
}

/**
 * A custom action of the adapter's private API: as `action`, with its answer checked against the contract
 * (@feiyi/contract/portal) in the form it is sent (JSON: dates as strings), so the CMS never sends what the
 * adapter would refuse. A mismatch is the CMS's own bug: it fails here, in the CMS's log, not in the adapter.
 */
export function answers<S extends z.ZodType>(
  answer: S,
  run: (ctx: PortalContext, strapi: Core.Strapi) => Promise<unknown>,
): Core.ControllerHandler {
  return action(async (ctx, strapi) => {
    const result = await run(ctx, strapi);
    answer.parse(JSON.parse(JSON.stringify(result ?? null)));
    return result;
  });
}

export const pageArgs = (query: Record<string, unknown>, defaultSize: number, maxSize = 100) => {
  const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
  const size = Math.min(maxSize, Math.max(1, Math.floor(Number(query.size ?? defaultSize)) || defaultSize));
  return { page, size, offset: (page - 1) * size };
};

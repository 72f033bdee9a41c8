/**
 * The HTTP client's rules as pure functions: which calls need a token,
 * which routes need a login, how long a call may take, which calls are retried, and how every failure reads
 * in Chinese. The HTTP client (client.ts) applies them; rules.test.ts pins their values.
 */
import * as MESSAGES from '@feiyi/contract/messages';
import { needsNoToken } from '@feiyi/contract/routes';

// From the zod-free module: the shell loads these rules on every page.
export { HOT_LATEST_CODE, SUCCESS_CODE } from '@feiyi/contract/codes';

/** Global time-out (10 000 ms), 5 s for history and order calls, 30 s at build time. */
export const TIMEOUT_MS = { browser: 10_000, profile: 5_000, build: 30_000 } as const;
/** A failed idempotent call is retried up to 3 times, 1 s apart. */
export const RETRY = { limit: 3, delayMs: 1_000, methods: ['get', 'head'], statusCodes: [408, 429, 500, 502, 503, 504] } as const;
/** Maximum request and response size: 5 MB (5 242 880 bytes). */
export const MAX_BYTES = 5 * 1024 * 1024;

export const TEXT = MESSAGES.client;

/** The path of a call without query or origin: '/api/culture/page'. */
export function callPath(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Calls that work without a token: exactly the adapter's routes that take no user, as the contract's route table says
 * (API_ROUTES: public, or optional where a token only changes the view). Anything else made without a token is stopped
 * on the client with '请先登录'. The table is zod-free, so the shell may load it.
 */
export function isPublicCall(url: string): boolean {
  return needsNoToken(callPath(url));
}

/** Browse-history calls: a 401/403 there never logs the visitor out; the local copy is used instead. */
export function isHistoryCall(url: string): boolean {
  return /^\/api\/profile\/browse-history(\/batch)?$/.test(callPath(url));
}

/** History and order calls use a stricter client of their own: 5 s time-out and its own messages. */
export function isProfileCall(url: string): boolean {
  return isHistoryCall(url) || /^\/api\/orders?(\/|$)/.test(callPath(url));
}

/** How long a call may take: 5 s for history and order calls in the browser, 10 s for the others, 30 s at build time. */
export function timeoutFor(url: string, inBrowser: boolean): number {
  if (!inBrowser) return TIMEOUT_MS.build;
  return isProfileCall(url) ? TIMEOUT_MS.profile : TIMEOUT_MS.browser;
}

/** Routes that need a login: payment, orders, the user page and the personal centre (/profile). */
export const GUARDED_ROUTES = ['/payment', '/order', '/order/list', '/user', '/profile'] as const;

export function needsLogin(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return GUARDED_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));
}

/**
 * Guarded routes with no page of their own: each is a small page that, once the guard has let the visitor in,
 * goes on to the page it stands for (the boot script does it before the first paint). A visitor without login
 * is still sent to /login with the alias as the target.
 */
export const ROUTE_ALIASES = {
  '/order': '/profile?section=order',
  '/order/list': '/profile?section=order',
  '/user': '/profile',
} as const satisfies Partial<Record<(typeof GUARDED_ROUTES)[number], string>>;

/** Where an alias route leads (trailing slashes ignored), or undefined for any other path. */
export function aliasTarget(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return Object.hasOwn(ROUTE_ALIASES, path) ? ROUTE_ALIASES[path as keyof typeof ROUTE_ALIASES] : undefined;
}

/** /login with the full target (path, query and hash) to come back to. */
export function loginHref(target: string): string {
  if (!target || target === '/' || target.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where to go after a successful login: the guard's target when it is one of our own paths, otherwise home.
 * A full URL or a protocol-relative one ('//evil.example') is never followed.
 */
export function afterLoginTarget(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect.startsWith('/login') || redirect.startsWith('/register')) return '/';
  return redirect;
}

/** The `_t` cache-busting parameter added to every GET. */
export function withTimestamp(url: URL, now: number): URL {
  const stamped = new URL(url);
  stamped.searchParams.set('_t', String(now));
  return stamped;
}

/** What the client does after a failure, besides telling the caller. */
export type FailureAction = 'none' | 'expire-session' | 'go-login' | 'go-login-forbidden' | 'drop-token';

export type Failure =
  | { kind: 'http'; status: number; statusText?: string; message?: string | undefined }
  | { kind: 'business'; message?: string | undefined }
  | { kind: 'network' }
  | { kind: 'config'; message?: string | undefined };

export interface FailureReading {
  message: string;
  action: FailureAction;
  /** The caller falls back to a local copy (browse history) instead of showing the message. */
  local: boolean;
}

const trimmed = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined);

/**
 * The error catalogue: failures of ordinary calls read one way, those of history and order calls (a client of their
 * own) another. `url` decides which client applies; `method` tells reading the history (the personal
 * centre's list) from recording it (a side effect of reading a page).
 */
export function readFailure(failure: Failure, url: string, method = 'get'): FailureReading {
  const history = isHistoryCall(url);
  const reading = method.toLowerCase() === 'get';
  // The history and order client reads the history and the orders in the personal centre; placing or paying an order
  // is the shop's, whose messages carry the server's own words ('操作失败: ' + message).
  if (history || (isProfileCall(url) && reading)) return readProfileFailure(failure, history, !reading);
  switch (failure.kind) {
    case 'http':
      if (failure.status === 401 || failure.status === 403) {
        return { message: TEXT.sessionExpired, action: 'expire-session', local: false };
      }
      return { message: trimmed(failure.message) ?? TEXT.requestFailed, action: 'none', local: false };
    case 'business':
      return { message: trimmed(failure.message) ?? TEXT.requestFailed, action: 'none', local: false };
    case 'network':
      return { message: TEXT.network, action: 'none', local: false };
    case 'config':
      return { message: trimmed(failure.message) ?? TEXT.config, action: 'none', local: false };
  }
}

function readProfileFailure(failure: Failure, history: boolean, recording: boolean): FailureReading {
  const words = MESSAGES.request;
  switch (failure.kind) {
    case 'http': {
      const { status } = failure;
      // A 401 while recording a visit removes the token and keeps the record locally; reading the list in the
      // personal centre answers '请先登录' and goes to /login. A 403 on history keeps everything and
      // falls back to the local copy.
      if (status === 401)
        return history && recording
          ? { message: words.loginFirst, action: 'drop-token', local: true }
          : { message: words.loginFirst, action: 'go-login', local: false };
      if (status === 403)
        return history
          ? { message: words.forbidden, action: 'none', local: true }
          : { message: words.forbidden, action: 'go-login-forbidden', local: false };
      if (status === 404) return { message: words.notFound, action: 'none', local: false };
      if (status === 500) return { message: words.serverError(trimmed(failure.message) ?? ''), action: 'none', local: false };
      return {
        message: words.failedWithStatus(status, trimmed(failure.message) ?? failure.statusText ?? ''),
        action: 'none',
        local: false,
      };
    }
    case 'business':
      return { message: trimmed(failure.message) ?? TEXT.requestFailed, action: 'none', local: false };
    case 'network':
      return { message: words.network, action: 'none', local: history };
    case 'config':
      return { message: trimmed(failure.message) ?? words.config, action: 'none', local: false };
  }
}

/** Size of a request body in bytes, as far as it can be known before sending. */
export function bodyBytes(body: unknown): number {
  if (body === undefined || body === null) return 0;
  if (typeof body === 'string') return new TextEncoder().encode(body).length;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    let total = 0;
    for (const [, value] of body.entries()) total += typeof value === 'string' ? new TextEncoder().encode(value).length : value.size;
    return total;
  }
  return new TextEncoder().encode(JSON.stringify(body)).length;
}

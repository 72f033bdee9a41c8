/**
 * The one HTTP client of the site. In the browser it calls the page's own origin; at build time the API named by
 * PORTAL_API_URL. It applies the client rules of rules.ts: time-outs, 3 retries 1 s apart for GETs, `_t` on
 * GETs, the 5 MB limit, the Bearer token, the public-call list and the error catalogue. Every answer is parsed with
 * the contract's zod schema, so callers get typed data or an ApiError with the Chinese message to show.
 */
import type { KyInstance } from 'ky';
import type { z } from 'zod';
import { notify } from '../ui/toast.ts';
import { ApiError } from './errors.ts';
import { parseOffThread, prepareParse } from './parse-off-thread.ts';
import {
  type Failure,
  type FailureReading,
  MAX_BYTES,
  RETRY,
  SUCCESS_CODE,
  TEXT,
  bodyBytes,
  isPublicCall,
  loginHref,
  readFailure,
  timeoutFor,
  withTimestamp,
} from './rules.ts';
import { type Schema, type SchemaName, parseAnswer, schemaModule } from './schemas.ts';
import { clearSession, readToken } from './session.ts';

export type { SchemaName } from './schemas.ts';

const inBrowser = typeof window !== 'undefined';

const baseUrl = inBrowser ? window.location.origin : (process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080');

/**
 * ky loads with the first call, not with the page; zod and the contract's schemas too, in the parsing worker
 * (parse-off-thread.ts), or here where there is none: a page whose islands start from the data built into it (most
 * do) never fetches them unless the visitor asks for more (≈ 40 KB gzip). The request goes out as soon as ky is
 * there; the schemas are only needed for its answer.
 */
const loadHttp = async () => {
  const kyModule = await import('ky');
  return { ky: kyModule, http: createHttp(kyModule.default) };
};
let loadingHttp: ReturnType<typeof loadHttp> | undefined;
const httpModules = () => (loadingHttp ??= loadHttp());

type Answer<K extends SchemaName> = Schema<K> extends z.ZodType ? z.output<Schema<K>> : never;

const createHttp = (ky: KyInstance) =>
  ky.create({
    baseUrl,
    credentials: 'include',
    retry: {
      limit: RETRY.limit,
      methods: [...RETRY.methods],
      statusCodes: [...RETRY.statusCodes],
      delay: () => RETRY.delayMs,
    },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = inBrowser ? readToken() : undefined;
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          if (request.method === 'GET') return new Request(withTimestamp(new URL(request.url), Date.now()), request);
          return undefined;
        },
      ],
    },
  });

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  method?: 'get' | 'post' | 'put' | 'delete';
  searchParams?: Query;
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
  /** The body code that means success: 20000, or 200 for the hot and latest calls. */
  successCode?: number;
  /**
   * 'expire' (default): a 401/403 logs the visitor out and sends them to /login, as the catalogue says.
   * 'caller': the caller handles it (the inheritor list shows its guest view instead).
   */
  onAuthFailure?: 'expire' | 'caller';
}

function currentTarget(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

function goToLogin() {
  if (!window.location.pathname.startsWith('/login')) window.location.assign(loginHref(currentTarget()));
}

/** The side effects the catalogue asks for (log out, warn, go to /login); the message itself goes to the caller. */
function act(reading: FailureReading, options: CallOptions) {
  if (!inBrowser || reading.action === 'none') return;
  if (options.onAuthFailure === 'caller' && reading.action !== 'drop-token') return;
  clearSession();
  if (reading.action === 'drop-token') return;
  // The visitor is sent to /login at once: the warning goes with them, to be read there.
  notify.warningAcrossNavigation(reading.message, '/login');
  goToLogin();
}

function compact(query: Query | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) kept[key] = value;
  return kept;
}

async function readBody(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new ApiError('too-large', TEXT.answerTooLarge, response.status);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new ApiError('too-large', TEXT.answerTooLarge, response.status);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function bodyMessage(body: unknown): string | undefined {
  return body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
}

async function failureOf(error: unknown): Promise<{ failure: Failure; status?: number }> {
  const { isHTTPError, isNetworkError, isTimeoutError } = (await httpModules()).ky;
  if (isHTTPError(error)) {
    const { status, statusText } = error.response;
    return { failure: { kind: 'http', status, statusText, message: bodyMessage(error.data) }, status };
  }
  if (isNetworkError(error) || isTimeoutError(error) || (error instanceof TypeError && /fetch/i.test(error.message))) {
    return { failure: { kind: 'network' } };
  }
  return { failure: { kind: 'config', message: error instanceof Error ? error.message : undefined } };
}

/** Calls the API and returns the answer parsed with the contract's schema of that name (the whole envelope). */
export async function call<K extends SchemaName>(schemaName: K, path: string, options: CallOptions = {}): Promise<Answer<K>> {
  const method = options.method ?? 'get';
  if (inBrowser && !isPublicCall(path) && !readToken()) {
    notify.warningAcrossNavigation(TEXT.loginFirst, '/login');
    goToLogin();
    throw new ApiError('login-required', TEXT.loginFirst, 401);
  }
  const payload = options.body ?? options.json;
  if (bodyBytes(payload) > MAX_BYTES) throw new ApiError('too-large', TEXT.tooLarge);

  const timeout = timeoutFor(path, inBrowser);
  // In a browser the answer is parsed in a worker (parse-off-thread.ts), which loads the schema while the request is
  // on its way; without one, here, the schema's module likewise loading meanwhile.
  const offThread = inBrowser && prepareParse(schemaName);
  const loadingSchemas = offThread ? undefined : schemaModule(schemaName);
  // An unread rejection of the schemas' import would be reported as unhandled while the request fails first.
  loadingSchemas?.catch(() => undefined);
  const { http } = await httpModules();
  let body: unknown;
  try {
    const response = await http(path.replace(/^\//, ''), {
      method,
      timeout,
      searchParams: compact(options.searchParams),
      ...(options.json !== undefined ? { json: options.json } : {}),
      ...(options.body ? { body: options.body } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    body = await readBody(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const { failure, status } = await failureOf(error);
    const reading = readFailure(failure, path, method);
    act(reading, options);
    throw ApiError.from(failure.kind === 'http' ? 'http' : failure.kind, reading, status);
  }

  const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
  if (code !== (options.successCode ?? SUCCESS_CODE)) {
    throw ApiError.from('business', readFailure({ kind: 'business', message: bodyMessage(body) }, path));
  }
  const parsed = (offThread ? await parseOffThread(schemaName, body) : undefined) ?? (await parseAnswer(schemaName, body, loadingSchemas));
  if (!parsed.success) throw new ApiError('bad-answer', TEXT.badAnswer);
  return parsed.data as Answer<K>;
}

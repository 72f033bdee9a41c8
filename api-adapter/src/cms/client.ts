import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ApiError } from '../http/errors.ts';
import { currentRequestId } from '../http/request-id.ts';
import * as MESSAGES from '@feiyi/contract/messages';

export interface StrapiPagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface StrapiList {
  data: unknown[];
  meta: { pagination?: StrapiPagination };
}

/** The CMS's fingerprints of public content (see cms/src/portal/content-fingerprint.ts). */
export interface ContentVersion {
  /** Editorial content and the media it uses. */
  content: string;
  /** Products and workshops as editors publish them. */
  shop: string;
  /** Stock and seats taken, which move with purchases. */
  stock: string;
}

export type CmsQuery = Record<string, string | number | boolean>;
type Query = CmsQuery;

/** Calls on behalf of one visitor: their own JWT goes to Strapi, which checks it again. */
export interface UserCalls {
  get<S extends z.ZodType>(answer: S, path: string, query?: Query): Promise<z.output<S>>;
  post<S extends z.ZodType>(answer: S, path: string, body?: unknown): Promise<z.output<S>>;
  put<S extends z.ZodType>(answer: S, path: string, body?: unknown): Promise<z.output<S>>;
  delete<S extends z.ZodType>(answer: S, path: string, query?: Query): Promise<z.output<S>>;
}

/**
 * A CMS answer read with its contract schema (@feiyi/contract/portal): one that does not match is the CMS and the
 * adapter disagreeing, never the visitor's fault; it is logged by the error handler and answered as a CMS failure.
 */
export function readAnswer<S extends z.ZodType>(answer: S, data: unknown, path: string): z.output<S> {
  const parsed = answer.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = ApiError.unavailable('内容服务的答复无效，请稍后重试');
  error.cause = new Error(`CMS answer to ${path} does not match its contract: ${parsed.error.message}`);
  throw error;
}

/**
 * The adapter's only door to Strapi. Public reads and server-only calls use the server token;
 * a visitor's own data is reached with the visitor's JWT. Populate rules live in Strapi's route
 * middlewares, so queries here carry filters, sorting and paging only.
 */
export interface CmsClient {
  list(collection: string, query?: Query): Promise<StrapiList>;
  /** Every published document of a collection, page by page. */
  listAll(collection: string, query?: Query): Promise<unknown[]>;
  single(singleType: string): Promise<unknown>;
  contentVersion(): Promise<ContentVersion>;
  server: UserCalls;
  asUser(jwt: string): UserCalls;
  login(identifier: string, password: string): Promise<{ jwt: string; user: { id: number } }>;
  register(input: { username: string; email: string; password: string }): Promise<{ jwt: string; user: { id: number } }>;
  upload(file: { data: Buffer; filename: string; mime: string }): Promise<{ url: string }>;
  http: KyInstance;
}

const STATUS_CODES: Record<number, number> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.tooManyRequests,
};

/** Strapi's error answers become ours: the Chinese message the CMS wrote, or a general one. */
async function toApiError(error: unknown, fallbackMessages: Partial<Record<number, string>> = {}): Promise<Error> {
  if (!(error instanceof HTTPError)) return Object.assign(ApiError.unavailable(), { cause: error });
  const status = error.response.status;
  // ky 2 has already read the body into error.data (the response body itself is consumed).
  const body = (typeof error.data === 'object' ? error.data : null) as { error?: { message?: string; name?: string } } | null;
  // The CMS's own refusals (cms/src/portal/http.ts PortalError) carry a message written for the visitor.
  const written = body?.error?.name === 'PortalError' ? body.error.message : undefined;
  // A 503 the CMS explains (its upload store is down) keeps its reason; any other failure there is the CMS's.
  if (status === 503 && written) return Object.assign(ApiError.unavailable(written), { cause: error });
  if (status >= 500) return Object.assign(ApiError.unavailable(), { cause: error });
  const message =
    fallbackMessages[status] ??
    written ??
    (status === 401
      ? MESSAGES.api.sessionExpired
      : status === 403
        ? MESSAGES.api.forbidden
        : status === 404
          ? MESSAGES.api.notFound
          : MESSAGES.api.invalid);
  return refusalOf(status, message);
}

/** A refusal the CMS wrote for the visitor (HTTP status and its Chinese message) as our error. */
export function refusalOf(status: number, message: string): ApiError {
  return new ApiError(status, STATUS_CODES[status] ?? status * 100, message);
}

export function createCmsClient(options: { baseUrl: string; token: string; timeoutMs?: number }): CmsClient {
  const http = ky.create({
    prefix: `${options.baseUrl.replace(/\/$/, '')}/api`,
    timeout: options.timeoutMs ?? 10_000,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      // The visitor's request id goes with every call made for it: the CMS's log lines carry it.
      beforeRequest: [
        ({ request }) => {
          const id = currentRequestId();
          if (id) request.headers.set('x-request-id', id);
        },
      ],
    },
  });
  const serverHeaders = { Authorization: `Bearer ${options.token}` };

  const call = async <T>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    headers: Record<string, string>,
    extra: Options = {},
  ): Promise<T> => {
    try {
      const body = await http(path, { method, headers, ...extra }).json<{ data: T }>();
      return body.data;
    } catch (error) {
      throw await toApiError(error);
    }
  };

  const callsWith = (headers: Record<string, string>): UserCalls => ({
    get: async (answer, path, query) => readAnswer(answer, await call('get', path, headers, query ? { searchParams: query } : {}), path),
    post: async (answer, path, body) => readAnswer(answer, await call('post', path, headers, { json: body ?? {} }), path),
    put: async (answer, path, body) => readAnswer(answer, await call('put', path, headers, { json: body ?? {} }), path),
    delete: async (answer, path, query) =>
      readAnswer(answer, await call('delete', path, headers, query ? { searchParams: query } : {}), path),
  });

  const list = async (collection: string, query: Query = {}): Promise<StrapiList> => {
    try {
      return await http.get(collection, { headers: serverHeaders, searchParams: { status: 'published', ...query } }).json<StrapiList>();
    } catch (error) {
      throw await toApiError(error);
    }
  };

  return {
    http,
    list,
    async listAll(collection, query = {}) {
      const pageSize = 500;
      const first = await list(collection, { ...query, 'pagination[page]': 1, 'pagination[pageSize]': pageSize });
      const all = [...first.data];
      const pageCount = first.meta.pagination?.pageCount ?? 1;
      for (let page = 2; page <= pageCount; page += 1) {
        const next = await list(collection, { ...query, 'pagination[page]': page, 'pagination[pageSize]': pageSize });
        all.push(...next.data);
      }
      return all;
    },
    single: (singleType) => call('get', singleType, serverHeaders, { searchParams: { status: 'published' } }),
    contentVersion: () => call('get', 'portal/content-version', serverHeaders, { retry: 0, timeout: 3000 }),
    server: callsWith(serverHeaders),
    asUser: (jwt) => callsWith({ Authorization: `Bearer ${jwt}` }),
    async login(identifier, password) {
      try {
        return await http.post('auth/local', { json: { identifier, password }, retry: 0 }).json();
      } catch (error) {
        throw await toApiError(error, { 400: '用户名或密码错误' });
      }
    },
    async register(input) {
      try {
        return await http.post('auth/local/register', { json: input, retry: 0 }).json();
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 400) {
          const body = (typeof error.data === 'object' ? error.data : null) as { error?: { message?: string } } | null;
          const taken = /already taken/i.test(body?.error?.message ?? '');
          throw new ApiError(
            taken ? 409 : 400,
            taken ? ERROR_CODES.conflict : ERROR_CODES.validation,
            taken ? '用户名或邮箱已被注册' : '注册信息无效',
          );
        }
        throw await toApiError(error);
      }
    },
    async upload(file) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(file.data)], { type: file.mime }), file.filename);
      try {
        const [uploaded] = await http
          .post('upload', { headers: serverHeaders, body: form, retry: 0, timeout: 30_000 })
          .json<Array<{ url: string }>>();
        if (!uploaded?.url) throw new Error('upload answered without a URL');
        return { url: uploaded.url };
      } catch (error) {
        throw await toApiError(error, { 400: MESSAGES.api.uploadFailed });
      }
    },
  };
}

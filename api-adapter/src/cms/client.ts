import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import type { z } from 'zod';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ApiError } from '../http/errors.ts';
import { currentRequestId } from '../http/request-id.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import type { PortalContentVersion } from '@feiyi/contract/portal';
import { PORTAL_SCHEMAS } from '@feiyi/contract/route-schemas';
import {
  fillPath,
  PORTAL_ROUTES,
  type PathParams,
  type PortalCaller,
  type PortalRoute,
  type PortalRouteName,
} from '@feiyi/contract/routes';

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
export type ContentVersion = PortalContentVersion;

export type CmsQuery = Record<string, string | number | boolean>;
type Query = CmsQuery;

type Schemas<N extends PortalRouteName> = (typeof PORTAL_SCHEMAS)[N];
type Route<N extends PortalRouteName> = (typeof PORTAL_ROUTES)[N];
/** The path's parameters, when it has any. */
type ParamsInput<N extends PortalRouteName> = [PathParams<Route<N>['path']>] extends [never]
  ? unknown
  : { params: Record<PathParams<Route<N>['path']>, string | number> };
/** A GET or DELETE sends a query (the table's schema's input, else any flat query); a POST or PUT its table's body. */
type PayloadInput<N extends PortalRouteName> = Route<N>['method'] extends 'GET' | 'DELETE'
  ? Schemas<N> extends { query: infer Q extends z.ZodType }
    ? { query: z.input<Q> }
    : { query?: Query }
  : Schemas<N> extends { body: infer B extends z.ZodType }
    ? { body: z.input<B> }
    : unknown;
export type PortalInput<N extends PortalRouteName> = ParamsInput<N> & PayloadInput<N>;
export type PortalAnswer<N extends PortalRouteName> = z.output<Schemas<N>['answer']>;

/** The `/portal` calls one caller may make: the server token's, or a visitor's with their own JWT. */
export type PortalNameOf<C extends PortalCaller> = { [N in PortalRouteName]: Route<N>['caller'] extends C ? N : never }[PortalRouteName];

/** Calls to the CMS's `/portal` routes by their name in the contract's table, which gives method, path and schemas. */
export interface PortalCalls<C extends PortalCaller> {
  call<N extends PortalNameOf<C>>(
    name: N,
    ...input: object extends PortalInput<N> ? [PortalInput<N>?] : [PortalInput<N>]
  ): Promise<PortalAnswer<N>>;
}
/** Calls on behalf of one visitor: their own JWT goes to Strapi, which checks it again. */
export type UserCalls = PortalCalls<'visitor'>;
/** Calls with the adapter's server token. */
export type ServerCalls = PortalCalls<'server'>;

/** One `/portal` request as sent: its method, its path under the CMS's `/api` (parameters filled in), query or body. */
export interface PortalRequest {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** The query of a GET or DELETE, the body of a POST or PUT. */
  payload: unknown;
  answer: z.ZodType;
}

/** The request a named call makes, from the route table. */
export function portalRequest(
  name: PortalRouteName,
  input: { params?: Record<string, string | number>; query?: unknown; body?: unknown } = {},
): PortalRequest {
  const route: PortalRoute = PORTAL_ROUTES[name];
  const method = route.method.toLowerCase() as PortalRequest['method'];
  const payload = method === 'get' || method === 'delete' ? input.query : input.body;
  return { method, path: fillPath(route.path, input.params).slice(1), payload, answer: PORTAL_SCHEMAS[name].answer };
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
  server: ServerCalls;
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

  /** Any caller's calls: the types (PortalCalls) say which names each may use. */
  const callsWith = (headers: Record<string, string>): PortalCalls<PortalCaller> => ({
    call: async (name, ...[input]) => {
      const { method, path, payload, answer } = portalRequest(name, input as Parameters<typeof portalRequest>[1]);
      const extra: Options =
        method === 'get' || method === 'delete' ? (payload ? { searchParams: payload as Query } : {}) : { json: payload ?? {} };
      return readAnswer(answer, await call(method, path, headers, extra), path) as never;
    },
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
    contentVersion: async () => {
      const { path, answer } = portalRequest('content.version');
      return readAnswer(answer, await call('get', path, serverHeaders, { retry: 0, timeout: 3000 }), path) as ContentVersion;
    },
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

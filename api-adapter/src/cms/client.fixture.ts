import ky from 'ky';
import { ApiError } from '../http/errors.ts';
import type { PortalCaller } from '@feiyi/contract/routes';
import { type CmsClient, type CmsQuery, type PortalCalls, portalRequest, readAnswer } from './client.ts';

/** One call the adapter made to the stub CMS: with the server token, or with a visitor's JWT. */
export interface CmsCall {
  as: 'server' | { jwt: string };
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** The query of a get or delete, the body of a post or put. */
  payload: unknown;
}

/** How the stub answers a call: return the `data` Strapi would send, or throw an ApiError as the real client does. */
export type CmsAnswer = (call: CmsCall) => unknown;

/** What the stub answers when a test said nothing about a call: the CMS is down. */
const unavailable: CmsAnswer = () => {
  throw ApiError.unavailable();
};

/** Answers by method and path (`'post portal/orders'`); a call not in the table finds the CMS down. */
export function answerBy(table: Record<string, CmsAnswer>): CmsAnswer {
  return (call) => (table[`${call.method} ${call.path}`] ?? unavailable)(call);
}

/** The visitor JWT a call was made with, or 'server' for the server token. */
export const tokenOf = (call: CmsCall): string => (call.as === 'server' ? 'server' : call.as.jwt);

/**
 * A CMS for `app.inject()` tests of route logic: published collections and single types are given as documents,
 * every other call goes to `answer` and is recorded in `calls` (in order), so a test can say
 * what the adapter asked, with whose token, and what it left out.
 */
export function stubCms(options: { collections?: Record<string, unknown[]>; singles?: Record<string, unknown>; answer?: CmsAnswer } = {}) {
  const collections = options.collections ?? {};
  const singles = options.singles ?? {};
  const answer = options.answer ?? unavailable;
  const calls: CmsCall[] = [];
  /** How often each collection was loaded (a reload of the shop shows up here). */
  const loads: Record<string, number> = {};

  const callsAs = (as: CmsCall['as']): PortalCalls<PortalCaller> => ({
    call: async (name, ...[input]) => {
      const { method, path, payload, answer: schema } = portalRequest(name, input as Parameters<typeof portalRequest>[1]);
      const call: CmsCall = { as, method, path, payload };
      calls.push(call);
      // Read with the contract as the real client does, so a stub answer the CMS could never give fails the test.
      return readAnswer(schema, answer(call), path) as never;
    },
  });

  const cms: CmsClient = {
    async list(collection: string) {
      const data = collections[collection] ?? [];
      return { data, meta: { pagination: { page: 1, pageSize: data.length, pageCount: 1, total: data.length } } };
    },
    async listAll(collection: string, _query?: CmsQuery) {
      loads[collection] = (loads[collection] ?? 0) + 1;
      return structuredClone(collections[collection] ?? []);
    },
    async single(singleType: string) {
      if (!(singleType in singles)) throw ApiError.notFound();
      return structuredClone(singles[singleType]);
    },
    async contentVersion() {
      return { content: 'c', shop: 's', stock: 's', editorActiveAt: null };
    },
    server: callsAs('server'),
    asUser: (jwt) => callsAs({ jwt }),
    async login() {
      throw ApiError.unavailable();
    },
    async register() {
      throw ApiError.unavailable();
    },
    async upload() {
      throw ApiError.unavailable();
    },
    // Nothing listens on port 9: the health check sees the CMS down.
    http: ky.create({ prefix: 'http://127.0.0.1:9/api', retry: 0 }),
  };
  return { cms, calls, loads };
}

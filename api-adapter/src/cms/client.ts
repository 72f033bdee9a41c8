import ky, { HTTPError, type KyInstance } from 'ky';
import { ApiError } from '../http/errors.ts';

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

type Query = Record<string, string | number | boolean>;

/**
 * The adapter's only door to Strapi. Public reads use the server token; populate rules live in
 * Strapi's route middlewares, so queries here carry filters, sorting and paging only.
 */
export interface CmsClient {
  list(collection: string, query?: Query): Promise<StrapiList>;
  /** Every published document of a collection, page by page. */
  listAll(collection: string, query?: Query): Promise<unknown[]>;
  single(singleType: string): Promise<unknown>;
  http: KyInstance;
}

export function createCmsClient(options: { baseUrl: string; token: string; timeoutMs?: number }): CmsClient {
  const http = ky.create({
    prefix: `${options.baseUrl.replace(/\/$/, '')}/api`,
    headers: { Authorization: `Bearer ${options.token}` },
    timeout: options.timeoutMs ?? 10_000,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 503, 504] },
  });

  const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === 404) throw ApiError.notFound();
      throw Object.assign(ApiError.unavailable(), { cause: error, detail: what });
    }
  };

  const list = (collection: string, query: Query = {}) =>
    wrap(collection, () => http.get(collection, { searchParams: { status: 'published', ...query } }).json<StrapiList>());

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
    single: (singleType) =>
      wrap(singleType, async () => (await http.get(singleType, { searchParams: { status: 'published' } }).json<{ data: unknown }>()).data),
  };
}

import { queryOptions } from '@tanstack/react-query';
import { call } from './client.ts';

export interface ProductPageParams {
  page?: number;
  size?: number;
  keyword?: string | undefined;
  categoryId?: 1 | 2 | undefined;
}

export async function fetchProductPage(params: ProductPageParams = {}, signal?: AbortSignal) {
  const searchParams = {
    page: params.page ?? 1,
    size: params.size ?? 9,
    keyword: params.keyword?.trim() || undefined,
    categoryId: params.categoryId ?? '',
  };
  return (await call('productPageResponse', '/api/product/page', { searchParams, signal })).data.page;
}

export async function fetchProduct(id: number, signal?: AbortSignal) {
  return (await call('productDetailResponse', `/api/product/${id}`, { signal })).data.product;
}

export const productQueries = {
  all: () => ['product'] as const,
  page: (params: ProductPageParams) =>
    queryOptions({ queryKey: [...productQueries.all(), 'page', params], queryFn: ({ signal }) => fetchProductPage(params, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...productQueries.all(), 'detail', id], queryFn: ({ signal }) => fetchProduct(id, signal) }),
};

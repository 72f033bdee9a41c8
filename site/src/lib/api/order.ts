import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createOrderBody, quickOrderBody } from '@feiyi/contract';
import { call } from './client.ts';
import { ORDER_PAGE_SIZE } from '@feiyi/contract/page-sizes';

export async function createOrder(input: z.input<typeof createOrderBody>) {
  return (await call('createOrderResponse', '/api/order', { method: 'post', json: input })).data;
}

export async function createQuickOrder(input: z.input<typeof quickOrderBody>) {
  return (await call('quickOrderResponse', '/api/orders/create', { method: 'post', json: input })).data;
}

export async function mockPay(orderId: number | string) {
  return (await call('payResponse', `/api/orders/${encodeURIComponent(String(orderId))}/mock-pay`, { method: 'post' })).data.order;
}

export async function updatePaymentStatus(orderId: number | string, paymentMethod: 'alipay' | 'wechat' = 'wechat') {
  const path = `/api/order/${encodeURIComponent(String(orderId))}/payment-status`;
  return (await call('payResponse', path, { method: 'put', json: { status: 1, paymentMethod } })).data.order;
}

export async function fetchOrders(params: { page?: number; size?: number } = {}, signal?: AbortSignal) {
  const searchParams = { page: params.page ?? 1, size: params.size ?? ORDER_PAGE_SIZE };
  return (await call('orderListResponse', '/api/order/list', { searchParams, signal })).data;
}

export async function fetchOrder(id: number | string, signal?: AbortSignal) {
  return (await call('orderDetailResponse', `/api/order/${encodeURIComponent(String(id))}`, { signal })).data.order;
}

export const orderQueries = {
  all: () => ['order'] as const,
  list: (page = 1, size = 10) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'list', { page, size }],
      queryFn: ({ signal }) => fetchOrders({ page, size }, signal),
    }),
  detail: (id: number | string) =>
    queryOptions({ queryKey: [...orderQueries.all(), 'detail', String(id)], queryFn: ({ signal }) => fetchOrder(id, signal) }),
};

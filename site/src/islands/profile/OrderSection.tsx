import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messageOf } from '../../lib/api/errors.ts';
import { orderQueries } from '../../lib/api/order.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { ORDER_STATUS } from '@feiyi/contract/order-status';
import { ORDER_PAGE_SIZES, canPay, orderPageSize, timeText } from '../../lib/profile/lists.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { paymentHref } from '../../lib/payment/links.ts';
import { EmptyState, ErrorState, ListSkeleton, Loading, Pager } from './parts.tsx';

// Red is kept for the price and the pay button: the pending badge is ochre.
const STATUS_BADGE: Readonly<Record<number, string>> = {
  [ORDER_STATUS.pending]: 'badge-warning',
  [ORDER_STATUS.paid]: 'badge-success',
  [ORDER_STATUS.cancelled]: 'badge-ghost',
};

/** The orders, 10 a page (10/20/30/50); a pending order can be paid (→ /payment?orderId&amount). */
export default function OrderSection() {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(ORDER_PAGE_SIZES[0]);
  const sizeId = useId();
  const list = useQuery({ ...orderQueries.list(page, size), placeholderData: keepPreviousData }, queryClient);

  if (list.isPending)
    return (
      <>
        <Loading what="订单" />
        <ListSkeleton rows={3} />
      </>
    );
  if (list.isError)
    return <ErrorState title={MESSAGES.order.listFailed} detail={messageOf(list.error, '')} onRetry={() => void list.refetch()} />;
  const { records, total, pages, current } = list.data;
  if (total === 0)
    return (
      <EmptyState title={MESSAGES.order.empty}>
        <a className="link link-secondary" href="/charity">
          去看看非遗文创
        </a>
      </EmptyState>
    );
  return (
    <div className={list.isPlaceholderData ? 'opacity-60' : ''} aria-busy={list.isPlaceholderData}>
      <ul className="space-y-4" data-orders>
        {records.map((order) => (
          <li key={order.id} className="rounded-box border border-base-300 bg-base-100" data-order={order.orderNo}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-base-300 px-4 py-3 text-sm">
              <span className="font-mono">订单号 {order.orderNo}</span>
              <span className="opacity-85">{timeText(order.createdAt)}</span>
              <span className={`badge badge-sm ml-auto ${STATUS_BADGE[order.status] ?? 'badge-ghost'}`} data-status>
                {order.statusText}
              </span>
            </div>
            <ul className="divide-y divide-base-300 px-4">
              {order.orderItems.map((line) => (
                <li key={line.id} className="flex items-center gap-3 py-3">
                  <img
                    src={line.productImage || '/images/culture-default.svg'}
                    alt=""
                    width="56"
                    height="56"
                    loading="lazy"
                    decoding="async"
                    className="h-14 w-14 shrink-0 rounded bg-base-200 object-cover"
                  />
                  <span className="min-w-0 flex-1 truncate">{line.productName}</span>
                  <span className="text-sm whitespace-nowrap opacity-85">
                    {formatMoney(line.price)} × {line.quantity}
                  </span>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-base-300 px-4 py-3">
              <span className="text-sm">
                合计 <span className="font-serif text-lg text-primary">{formatMoney(order.totalAmount)}</span>
              </span>
              {canPay(order) && (
                <a
                  className="btn btn-primary btn-sm"
                  href={paymentHref(order.id, order.totalAmount)}
                  aria-label={`去支付：订单 ${order.orderNo}`}
                >
                  去支付
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Pager label="订单分页" current={current} pages={pages} total={total} onPage={setPage} />
        <div className="mt-6 flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm">
            每页
          </label>
          <select
            id={sizeId}
            className="select select-sm w-24"
            value={size}
            onChange={(event) => {
              setSize(orderPageSize(event.currentTarget.value));
              setPage(1);
            }}
          >
            {ORDER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n} 条
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

import type { Order } from '@feiyi/contract';
import { ORDER_STATUS } from '@feiyi/contract/order-status';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchOrder, orderQueries, updatePaymentStatus } from '../../lib/api/order.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { loginHref } from '../../lib/api/rules.ts';
import { readSession } from '../../lib/api/session.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { NOTICE_MS } from '../../lib/payment/timers.ts';
import {
  ORDER_LIST_HREF,
  PAYMENT_METHODS,
  type PaymentMethod,
  paySuccessHref,
  readOrderId,
  readPaymentMethod,
} from '../../lib/payment/links.ts';

type State = { step: 'start' } | { step: 'bad-link' } | { step: 'ready'; orderId: number; method: PaymentMethod };

/**
 * The phone's side of the QR code: /mobile/payment?orderId&orderNo&amount&paymentMethod&timestamp.
 * It needs the same visitor's login (a guest goes to /login and comes back), shows the order as the server has
 * it, and its confirm button marks the order paid (PUT /api/order/{id}/payment-status); the desktop page,
 * which reads the order every 2 s, follows at once.
 */
export default function MobilePayment() {
  const [state, setState] = useState<State>({ step: 'start' });
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<Order | undefined>();

  useEffect(() => {
    const { pathname, search } = window.location;
    if (!readSession()) {
      notify.warning(MESSAGES.request.loginFirst);
      const timer = window.setTimeout(() => window.location.replace(loginHref(`${pathname}${search}`)), NOTICE_MS);
      return () => window.clearTimeout(timer);
    }
    const orderId = readOrderId(search);
    setState(orderId === undefined ? { step: 'bad-link' } : { step: 'ready', orderId, method: readPaymentMethod(search) });
    return undefined;
  }, []);

  const ready = state.step === 'ready' ? state : undefined;
  const detail = useQuery({ ...orderQueries.detail(ready?.orderId ?? 0), enabled: Boolean(ready), staleTime: 0 }, queryClient);
  const order = paid ?? detail.data;

  async function confirm() {
    if (!ready) return;
    setPaying(true);
    try {
      // The order as it is now: the desktop page may have completed it meanwhile.
      const current = await fetchOrder(ready.orderId);
      setPaid(current.status === ORDER_STATUS.paid ? current : await updatePaymentStatus(ready.orderId, ready.method));
      notify.success(MESSAGES.shop.paid);
    } catch {
      notify.error(MESSAGES.order.paymentStatusFailed);
      void detail.refetch();
    } finally {
      setPaying(false);
    }
  }

  if (state.step === 'bad-link' || (ready && detail.isError && !paid)) {
    return (
      <Shell>
        <p role="alert" className="alert alert-error mt-6">
          {MESSAGES.order.detailFailed}
        </p>
        <p className="mt-4 text-sm leading-7 opacity-85">请确认手机上登录的是下单的同一个账号，或回到电脑上重新生成二维码。</p>
      </Shell>
    );
  }

  if (!ready || !order) {
    return (
      <Shell>
        <div className="mt-6 space-y-3" aria-busy="true">
          <div className="skeleton h-6 w-3/4" aria-hidden="true" />
          <div className="skeleton h-6 w-1/2" aria-hidden="true" />
          <div className="skeleton h-12 w-full" aria-hidden="true" />
        </div>
      </Shell>
    );
  }

  const methodName = PAYMENT_METHODS.find((m) => m.id === ready.method)?.name ?? '';
  return (
    <Shell>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
        <dt className="opacity-85">订单号</dt>
        <dd className="font-mono break-all" data-order-no>
          {order.orderNo}
        </dd>
        <dt className="opacity-85">商品</dt>
        <dd>{order.orderItems.map((line) => `${line.productName} × ${line.quantity}`).join('，')}</dd>
        <dt className="opacity-85">支付方式</dt>
        <dd>{methodName}</dd>
        <dt className="opacity-85">金额</dt>
        <dd className="text-2xl font-semibold text-primary" data-amount>
          {formatMoney(order.totalAmount)}
        </dd>
      </dl>
      {order.status === ORDER_STATUS.paid ? (
        <div className="mt-6 space-y-4">
          <p role="status" className="alert alert-success">
            {paid ? `${MESSAGES.shop.paid}电脑上的支付页面会自动跳转。` : '该订单已支付。'}
          </p>
          <a className="btn btn-primary btn-block" href={paySuccessHref(order)}>
            查看支付结果
          </a>
        </div>
      ) : order.status === ORDER_STATUS.pending ? (
        <button type="button" className="btn btn-primary btn-block btn-lg mt-6" disabled={paying} onClick={() => void confirm()}>
          {paying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          确认支付 {formatMoney(order.totalAmount)}
        </button>
      ) : (
        <div className="mt-6 space-y-4">
          <p role="alert" className="alert border-base-300 bg-base-200">
            {MESSAGES.order.notPending}
          </p>
          <a className="btn btn-block" href={ORDER_LIST_HREF}>
            查看我的订单
          </a>
        </div>
      )}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <h1 className="font-serif text-2xl">手机支付</h1>
      {children}
      <p className="mt-6 text-xs leading-6 opacity-80" data-demo>
        {MESSAGES.demo}
      </p>
    </div>
  );
}

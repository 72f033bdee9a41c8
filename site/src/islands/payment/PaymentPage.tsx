/// <reference types="astro/client" />
import type { Order } from '@feiyi/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { orderQueries, updatePaymentStatus } from '../../lib/api/order.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import PaymentCode from '../../lib/payment/PaymentCode.tsx';
import { useSimulatedPayment } from '../../lib/payment/use-simulated-payment.ts';
import Dialog from '../../lib/ui/Dialog.tsx';
import { notify } from '../../lib/ui/toast.ts';
import {
  ORDER_LIST_HREF,
  PAYMENT_METHODS,
  type PaymentMethod,
  mobilePaymentUrl,
  orderVerdict,
  paySuccessHref,
  readOrderId,
  resolvePublicUrl,
} from '../../lib/payment/links.ts';
import {
  NOTICE_MS,
  ORDER_POLL_MS,
  PAYMENT_WAIT_MS,
  type PaymentPageState,
  SUCCESS_REDIRECT_MS,
  paymentPageStateAt,
} from '../../lib/payment/timers.ts';

/** 'paying': the QR code, then the progress circle, on the payment clock (paymentPageStateAt says which). */
type Phase = 'loading' | 'paying' | 'saving' | 'save-failed' | 'done';

/** The QR code's host: PUBLIC_URL given at build time (phones on the LAN), else this page's origin. */
const publicUrl = () => resolvePublicUrl(import.meta.env.PUBLIC_URL, window.location.origin);

/**
 * The payment page: the order must be pending, else '该订单不是待支付状态' and the order list.
 * It shows order number, amount, 支付宝/微信 and a QR code holding the /mobile/payment address of this order, so a
 * phone logged in as the same visitor can pay it; the page reads the order every 2 s and follows such a payment
 * at once. Without one, after 10 s a progress circle rises 10 % per second to 100 %, the order is marked paid
 * (PUT /api/order/{id}/payment-status) and /pay-success opens. Cancel stops everything: '支付已取消'.
 */
export default function PaymentPage() {
  const titleId = useId();
  const doneId = useId();
  const [orderId, setOrderId] = useState<number | undefined>();
  const [phase, setPhase] = useState<Phase>('loading');
  const [method, setMethod] = useState<PaymentMethod>('wechat');
  const [stamp, setStamp] = useState(0);
  const [paid, setPaid] = useState<Order | undefined>();
  const firstRead = useRef(true);
  const finished = useRef(false);
  const payment = useSimulatedPayment({
    stateAt: (elapsed) => paymentPageStateAt(elapsed),
    isDone: (state) => state.phase === 'paid',
    onDone: () => void markPaid(),
  });
  const leaving = useRef<number | undefined>(undefined);
  // The timers' callback reads the method chosen by then, not the one of the render that started them.
  const methodRef = useRef<PaymentMethod>('wechat');

  const polling = phase === 'paying';
  const shown: PaymentPageState = payment.state ?? { phase: 'waiting', secondsLeft: Math.ceil(PAYMENT_WAIT_MS / 1000) };
  const waiting = phase === 'paying' && shown.phase === 'waiting';
  const detail = useQuery(
    {
      ...orderQueries.detail(orderId ?? 0),
      enabled: orderId !== undefined,
      staleTime: 0,
      refetchInterval: polling ? ORDER_POLL_MS : false,
      refetchIntervalInBackground: true,
    },
    queryClient,
  );
  const order = detail.data;

  const stopTimers = () => payment.cancel();

  /** Warns, then opens the order list once the warning has been seen. */
  const leave = (warn: () => void) => {
    finished.current = true;
    stopTimers();
    warn();
    leaving.current = window.setTimeout(() => window.location.replace(ORDER_LIST_HREF), NOTICE_MS);
  };

  useEffect(() => {
    const id = readOrderId(window.location.search);
    if (id === undefined) {
      leave(() => notify.error(MESSAGES.order.detailFailed));
      return;
    }
    setOrderId(id);
    return () => {
      stopTimers();
      if (leaving.current !== undefined) window.clearTimeout(leaving.current);
    };
  }, []);

  // The first read decides; later reads (every 2 s while waiting) follow a payment made on the phone.
  useEffect(() => {
    if (finished.current) return;
    if (detail.isError && firstRead.current) {
      leave(() => notify.error(MESSAGES.order.detailFailed));
      return;
    }
    if (!order) return;
    const verdict = orderVerdict(order.status, firstRead.current);
    firstRead.current = false;
    if (verdict === 'pay') {
      if (phase === 'loading') begin();
    } else if (verdict === 'paid-elsewhere') {
      finish(order);
    } else {
      leave(() => notify.warning(MESSAGES.order.notPending));
    }
  }, [order, detail.isError]);

  function begin() {
    setStamp(Date.now());
    setPhase('paying');
    payment.start();
  }

  async function markPaid() {
    if (orderId === undefined || finished.current) return;
    setPhase('saving');
    try {
      finish(await updatePaymentStatus(orderId, methodRef.current));
    } catch {
      if (finished.current) return;
      notify.error(MESSAGES.order.paymentStatusFailed);
      setPhase('save-failed');
    }
  }

  function finish(done: Order) {
    if (finished.current) return;
    finished.current = true;
    stopTimers();
    setPaid(done);
    setPhase('done');
    void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    leaving.current = window.setTimeout(() => window.location.assign(paySuccessHref(done)), SUCCESS_REDIRECT_MS);
  }

  function cancel() {
    finished.current = true;
    stopTimers();
    notify.info(MESSAGES.shop.cancelled);
    window.location.assign(ORDER_LIST_HREF);
  }

  function chooseMethod(next: PaymentMethod) {
    setMethod(next);
    methodRef.current = next;
    setStamp(Date.now());
  }

  if (!order || phase === 'loading') {
    return (
      <div className="space-y-4" aria-busy="true">
        <h1 id={titleId} className="font-serif text-3xl">
          订单支付
        </h1>
        <div className="skeleton h-6 w-2/3" aria-hidden="true" />
        <div className="skeleton h-6 w-1/3" aria-hidden="true" />
        <div className="skeleton mx-auto h-56 w-56" aria-hidden="true" />
      </div>
    );
  }

  const qrUrl = mobilePaymentUrl(publicUrl(), {
    orderId: order.id,
    orderNo: order.orderNo,
    amount: order.totalAmount,
    paymentMethod: method,
    timestamp: stamp,
  });
  const methodName = PAYMENT_METHODS.find((m) => m.id === method)?.name ?? '';

  return (
    <div>
      <h1 id={titleId} className="font-serif text-3xl">
        订单支付
      </h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-[15px]">
        <dt className="opacity-85">订单号</dt>
        <dd className="font-mono break-all" data-order-no>
          {order.orderNo}
        </dd>
        <dt className="opacity-85">商品</dt>
        <dd>{order.orderItems.map((line) => `${line.productName} × ${line.quantity}`).join('，')}</dd>
        <dt className="opacity-85">应付金额</dt>
        <dd className="text-2xl font-semibold text-primary" data-amount>
          {formatMoney(order.totalAmount)}
        </dd>
      </dl>

      <fieldset className="mt-6" disabled={phase === 'saving' || phase === 'done'}>
        <legend className="text-sm opacity-85">支付方式</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {PAYMENT_METHODS.map((m) => (
            <label
              key={m.id}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-box border px-4 ${method === m.id ? 'border-secondary bg-base-200' : 'border-base-300'}`}
            >
              <input
                type="radio"
                name="payment-method"
                className="radio radio-sm radio-secondary"
                value={m.id}
                checked={method === m.id}
                onChange={() => chooseMethod(m.id)}
              />
              {m.name}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <PaymentCode
          show={waiting ? 'code' : 'progress'}
          value={qrUrl}
          title={`${methodName}付款码（演示）`}
          size={208}
          percent={phase === 'paying' && shown.phase === 'progress' ? shown.percent : 100}
          bordered
        />
        <p role="status" aria-live="polite" className="min-h-7 text-[15px]">
          {waiting && shown.phase === 'waiting'
            ? `请用手机扫码支付（${methodName}，演示），${shown.secondsLeft} 秒后自动确认`
            : phase === 'paying'
              ? '支付确认中…'
              : phase === 'saving'
                ? '正在更新支付状态…'
                : phase === 'save-failed'
                  ? MESSAGES.order.paymentStatusFailed
                  : MESSAGES.shop.paid}
        </p>
        {waiting && (
          <div className="max-w-md text-sm leading-7 opacity-85">
            <p>扫码即在手机上打开本订单的支付页（手机与电脑需在同一网络，并登录同一账号）。</p>
            <p className="text-xs leading-6">
              手机支付页地址：
              <a className="link link-secondary break-all" href={qrUrl} data-mobile-link>
                {qrUrl}
              </a>
            </p>
          </div>
        )}
        <p className="max-w-md text-xs leading-6 opacity-80" data-demo>
          {MESSAGES.demo}
        </p>
        <div className="flex gap-3">
          {phase === 'save-failed' && (
            <button type="button" className="btn btn-primary" onClick={() => void markPaid()}>
              重试
            </button>
          )}
          {(phase === 'paying' || phase === 'save-failed') && (
            <button type="button" className="btn btn-ghost border-base-300" onClick={cancel}>
              取消支付
            </button>
          )}
        </div>
      </div>

      {phase === 'done' && paid && (
        <Dialog labelledBy={doneId} onClose={() => window.location.assign(paySuccessHref(paid))} dismissible={false}>
          <h2 id={doneId} className="font-serif text-xl">
            {MESSAGES.shop.paid}
          </h2>
          <p className="mt-3 text-[15px]">
            订单 <span className="font-mono">{paid.orderNo}</span> 已支付 {formatMoney(paid.totalAmount)}，正在前往支付结果页…
          </p>
          <div className="modal-action">
            <a className="btn btn-primary" href={paySuccessHref(paid)}>
              查看支付结果
            </a>
          </div>
        </Dialog>
      )}
    </div>
  );
}

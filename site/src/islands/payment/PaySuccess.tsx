import { useEffect, useState } from 'react';
import { loginHref } from '../../lib/api/rules.ts';
import { readSession } from '../../lib/api/session.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { NOTICE_MS } from '../../lib/payment/timers.ts';
import { ORDERS_TAB_HREF, readAmount, readOrderNo } from '../../lib/payment/links.ts';

type State = { step: 'start' } | { step: 'shown'; orderNo: string | undefined; amount: number | undefined };

/**
 * /pay-success?orderNo&orderId&amount: order number and amount, 'view orders' (the personal
 * centre's orders) and 'continue shopping'. Without a login: '请先登录' and /login.
 */
export default function PaySuccess() {
  const [state, setState] = useState<State>({ step: 'start' });

  useEffect(() => {
    const { pathname, search } = window.location;
    if (!readSession()) {
      notify.warning(MESSAGES.request.loginFirst);
      const timer = window.setTimeout(() => window.location.replace(loginHref(`${pathname}${search}`)), NOTICE_MS);
      return () => window.clearTimeout(timer);
    }
    setState({ step: 'shown', orderNo: readOrderNo(search), amount: readAmount(search) });
    return undefined;
  }, []);

  return (
    <div className="flex flex-col items-center text-center">
      <svg viewBox="0 0 48 48" width="64" height="64" aria-hidden="true" className="text-success">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className="mt-4 font-serif text-3xl">支付成功</h1>
      {state.step === 'shown' ? (
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-left text-[15px]">
          <dt className="opacity-85">订单号</dt>
          <dd className="font-mono break-all" data-order-no>
            {state.orderNo ?? '—'}
          </dd>
          <dt className="opacity-85">支付金额</dt>
          <dd className="text-xl font-semibold text-primary" data-amount>
            {state.amount === undefined ? '—' : formatMoney(state.amount)}
          </dd>
        </dl>
      ) : (
        <div className="mt-6 space-y-2" aria-hidden="true">
          <div className="skeleton h-6 w-64" />
          <div className="skeleton h-6 w-40" />
        </div>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className="btn btn-primary" href={ORDERS_TAB_HREF}>
          {MESSAGES.order.viewOrders}
        </a>
        <a className="btn btn-ghost border-base-300" href="/charity">
          {MESSAGES.order.continueShopping}
        </a>
      </div>
      <p className="mt-8 max-w-md text-xs leading-6 opacity-80" data-demo>
        {MESSAGES.demo}
      </p>
    </div>
  );
}

import type { Product } from '@feiyi/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { createQuickOrder, mockPay } from '../../lib/api/order.ts';
import { productQueries } from '../../lib/api/product.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import type { StoredUser } from '../../lib/api/session.ts';
import { formatMoney } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import Dialog from '../../lib/ui/Dialog.tsx';
import { notify } from '../../lib/ui/toast.ts';
import { ORDER_LIST_HREF } from '../../lib/payment/links.ts';
import { NOTICE_MS, type TimerHandle, startQuickBuyDelay } from '../../lib/payment/timers.ts';
import { quickBuyBody } from './rules.ts';

interface Props {
  product: Product;
  user: StoredUser;
  onClose: () => void;
}

type Placed = Awaited<ReturnType<typeof createQuickOrder>>;

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * Quick-buy: the order (quantity 1), the 'processing payment' dialog with order number, product and
 * amount, 3.5 s, then mock-pay; '支付成功！' and the order list. A failure closes the dialog with
 * '操作失败: …' (the order) or '支付处理失败: …' (the payment). Cancel stops the timer and forgets the order:
 * '支付已取消' (the unpaid order is cancelled by the server after 30 minutes, its stock returned).
 */
export default function QuickBuy({ product, user, onClose }: Props) {
  const titleId = useId();
  const [order, setOrder] = useState<Placed | undefined>();
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<TimerHandle | undefined>(undefined);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    createQuickOrder(quickBuyBody(product, user.id))
      .then((placed) => {
        if (!live.current) return;
        setOrder(placed);
        timer.current = startQuickBuyDelay(() => void pay(placed));
      })
      .catch((error: unknown) => {
        void queryClient.invalidateQueries({ queryKey: productQueries.all() });
        if (!live.current) return;
        notify.error(MESSAGES.shop.quickBuyFailed(reason(error)));
        onClose();
      });
    return () => {
      live.current = false;
      timer.current?.cancel();
    };
  }, []); // one order per dialog

  async function pay(placed: Placed) {
    setPaying(true);
    try {
      await mockPay(placed.id);
    } catch (error) {
      if (!live.current) return;
      notify.error(MESSAGES.shop.payFailed(reason(error)));
      onClose();
      return;
    }
    setDone(true);
    notify.success(MESSAGES.shop.paid);
    window.setTimeout(() => window.location.assign(ORDER_LIST_HREF), NOTICE_MS);
  }

  function cancel() {
    timer.current?.cancel();
    timer.current = undefined;
    setOrder(undefined);
    notify.info(MESSAGES.shop.cancelled);
    onClose();
  }

  return (
    <Dialog labelledBy={titleId} onClose={cancel} dismissible={false}>
      <h2 id={titleId} className="font-serif text-xl">
        正在处理支付
      </h2>
      {order ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
          <dt className="opacity-85">订单号</dt>
          <dd className="font-mono break-all" data-order-no>
            {order.orderNo}
          </dd>
          <dt className="opacity-85">商品</dt>
          <dd>{product.name} × 1</dd>
          <dt className="opacity-85">金额</dt>
          <dd className="text-lg font-semibold text-primary">{formatMoney(order.totalAmount)}</dd>
        </dl>
      ) : (
        <div className="mt-4 space-y-2" aria-hidden="true">
          <div className="skeleton h-5 w-3/4" />
          <div className="skeleton h-5 w-1/2" />
          <div className="skeleton h-5 w-1/3" />
        </div>
      )}
      <p role="status" aria-live="polite" className="mt-4 flex items-center gap-2 text-[15px]">
        {!done && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {done ? '支付成功，正在前往我的订单…' : order ? (paying ? '正在确认支付…' : '支付处理中，请稍候…') : '正在创建订单…'}
      </p>
      <p className="mt-3 text-xs leading-6 opacity-80">{MESSAGES.demo}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={cancel} disabled={!order || paying}>
          取消支付
        </button>
      </div>
    </Dialog>
  );
}

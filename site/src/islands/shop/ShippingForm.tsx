import type { Product } from '@feiyi/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api/errors.ts';
import { createOrder } from '../../lib/api/order.ts';
import { productQueries } from '../../lib/api/product.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { readSession } from '../../lib/api/session.ts';
import { formatMoney, lineTotal } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { paymentHref } from '../../lib/payment/links.ts';
import { type ShippingErrors, type ShippingValues, cartOrderBody } from './rules.ts';

/** The check (zod and the order schemas): loaded as the form shows, not with the shop page. */
const loadShipping = () => import('./shipping.ts');

interface Props {
  titleId: string;
  product: Product;
  quantity: number;
  onBack: () => void;
}

const FIELDS: ReadonlyArray<{ key: keyof ShippingValues; label: string; autoComplete: string; multiline?: boolean; tel?: boolean }> = [
  { key: 'shippingName', label: '收货人', autoComplete: 'name' },
  { key: 'shippingPhone', label: '联系电话', autoComplete: 'tel-national', tel: true },
  { key: 'shippingAddress', label: '收货地址', autoComplete: 'street-address', multiline: true },
];

/**
 * The shipping form: receiver, mainland mobile number and address, each with its own message.
 * A valid form creates the order (POST /api/order), then the visitor goes to /payment?orderId&amount.
 */
export default function ShippingForm({ titleId, product, quantity, onBack }: Props) {
  const formId = useId();
  const [values, setValues] = useState<ShippingValues>({ shippingName: '', shippingPhone: '', shippingAddress: '' });
  const [errors, setErrors] = useState<ShippingErrors>({});
  const [sending, setSending] = useState(false);
  const total = lineTotal(product.price, quantity);
  useEffect(() => {
    // Fetched while the visitor types; the press of the submit button awaits it if it is not there yet.
    loadShipping().catch(() => undefined);
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    let validateShipping: Awaited<ReturnType<typeof loadShipping>>['validateShipping'];
    try {
      ({ validateShipping } = await loadShipping());
    } catch (error) {
      // The check's script did not arrive (the network dropped): nothing was sent.
      notify.error(messageOf(error, MESSAGES.shop.createFailed));
      return;
    }
    const found = validateShipping(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field.key]);
    if (first) {
      (form.elements.namedItem(first.key) as HTMLElement | null)?.focus();
      return;
    }
    const session = readSession();
    if (!session) return;
    setSending(true);
    try {
      const order = await createOrder(cartOrderBody(product, quantity, values, session.user.id));
      void queryClient.invalidateQueries({ queryKey: productQueries.all() });
      window.location.assign(paymentHref(order.orderId, order.totalAmount));
    } catch (error) {
      notify.error(messageOf(error, MESSAGES.shop.createFailed));
      void queryClient.invalidateQueries({ queryKey: productQueries.all() });
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={`${formId}-summary`}>
      <h2 id={titleId} className="font-serif text-2xl">
        填写收货信息
      </h2>
      <p id={`${formId}-summary`} className="mt-2 text-[15px]">
        {product.name} × {quantity}，合计 <strong className="text-primary">{formatMoney(total)}</strong>
      </p>
      <div className="mt-4 space-y-4">
        {FIELDS.map((field) => {
          const id = `${formId}-${field.key}`;
          const error = errors[field.key];
          const shared = {
            id,
            name: field.key,
            autoComplete: field.autoComplete,
            value: values[field.key],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onChange: (event: { currentTarget: { value: string } }) => setValues({ ...values, [field.key]: event.currentTarget.value }),
          };
          return (
            <div key={field.key}>
              <label htmlFor={id} className="text-sm">
                {field.label}
              </label>
              {field.multiline ? (
                <textarea {...shared} rows={3} maxLength={200} className={`textarea mt-1 w-full ${error ? 'textarea-error' : ''}`} />
              ) : (
                <input
                  {...shared}
                  type={field.tel ? 'tel' : 'text'}
                  inputMode={field.tel ? 'numeric' : undefined}
                  maxLength={field.tel ? 11 : 30}
                  className={`input mt-1 w-full ${error ? 'input-error' : ''}`}
                />
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-xs leading-6 opacity-80">{MESSAGES.demo}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={sending}>
          返回
        </button>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          提交订单
        </button>
      </div>
    </form>
  );
}

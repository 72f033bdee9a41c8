import type { Product } from '@feiyi/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { productQueries } from '../../lib/api/product.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { formatMoney, lineTotal } from '../../lib/format/money.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import Dialog from '../../lib/ui/Dialog.tsx';
import ImageCarousel from './ImageCarousel.tsx';
import ShippingForm from './ShippingForm.tsx';
import { canBuy, clampQuantity, productImages } from './rules.ts';

interface Props {
  /** The product as the list showed it; the dialog reads it again for the current stock. */
  product: Product;
  loggedIn: boolean;
  onClose: () => void;
  /** Warns and sends a guest to /login; true when the visitor is logged in. */
  onNeedLogin: () => boolean;
}

/**
 * The product detail dialog: pictures, description, price, stock and the quantity (1..stock);
 * buy is disabled at stock ≤ 0. Buying opens the shipping form in the same dialog.
 */
export default function ProductDialog({ product: listed, loggedIn, onClose, onNeedLogin }: Props) {
  const titleId = useId();
  const quantityId = useId();
  const detail = useQuery({ ...productQueries.detail(listed.id), staleTime: 0, placeholderData: listed }, queryClient);
  const product = detail.data ?? listed;
  const [quantityText, setQuantityText] = useState('1');
  const [step, setStep] = useState<'detail' | 'shipping'>('detail');
  const inStock = canBuy(product.stock);
  const quantity = clampQuantity(quantityText, product.stock);
  const failed = detail.isError;

  const setQuantity = (value: number | string) => setQuantityText(String(clampQuantity(value, product.stock)));
  const buy = () => {
    if (!onNeedLogin()) return;
    setQuantity(quantity);
    setStep('shipping');
  };

  if (step === 'shipping') {
    return (
      <Dialog labelledBy={titleId} onClose={onClose} wide>
        <ShippingForm titleId={titleId} product={product} quantity={quantity} onBack={() => setStep('detail')} />
      </Dialog>
    );
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} wide>
      <div className="grid gap-6 md:grid-cols-2">
        <ImageCarousel images={productImages(product.images, product.coverImage)} name={product.name} />
        <div className="flex flex-col gap-3">
          <p className="text-xs tracking-widest text-secondary">{product.categoryName}</p>
          <h2 id={titleId} className="font-serif text-2xl">
            {product.name}
          </h2>
          {product.relatedItem && <p className="text-sm opacity-85">相关非遗：{product.relatedItem}</p>}
          {failed && (
            <p role="alert" className="alert alert-error text-sm">
              {MESSAGES.shop.detailFailed}
            </p>
          )}
          <p className="text-[15px] leading-8">{product.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[15px]">
            <dt className="opacity-85">价格</dt>
            <dd className="text-xl font-semibold text-primary">{formatMoney(product.price)}</dd>
            <dt className="opacity-85">库存</dt>
            <dd data-stock>{inStock ? `${product.stock} 件` : MESSAGES.shop.soldOut}</dd>
          </dl>
          {inStock && (
            <div>
              <label htmlFor={quantityId} className="text-sm">
                购买数量（1–{product.stock}）
              </label>
              <div className="join mt-1">
                <button
                  type="button"
                  className="btn join-item"
                  aria-label="减少 1 件"
                  disabled={quantity <= 1}
                  onClick={() => setQuantity(quantity - 1)}
                >
                  −
                </button>
                <input
                  id={quantityId}
                  className="input join-item w-24 text-center"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={product.stock}
                  step={1}
                  value={quantityText}
                  onChange={(event) => setQuantityText(event.currentTarget.value)}
                  onBlur={() => setQuantity(quantityText)}
                />
                <button
                  type="button"
                  className="btn join-item"
                  aria-label="增加 1 件"
                  disabled={quantity >= product.stock}
                  onClick={() => setQuantity(quantity + 1)}
                >
                  +
                </button>
              </div>
              <p className="mt-2 text-[15px]" aria-live="polite">
                合计 <strong className="text-lg text-primary">{formatMoney(lineTotal(product.price, quantity))}</strong>
              </p>
            </div>
          )}
          {!loggedIn && inStock && <p className="text-sm opacity-85">购买需要先登录。</p>}
          <p className="text-xs leading-6 opacity-80">{MESSAGES.demo}</p>
          <div className="modal-action mt-auto">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              关闭
            </button>
            <button type="button" className="btn btn-primary" disabled={!inStock || failed} onClick={buy}>
              {inStock ? '购买' : MESSAGES.shop.soldOut}
            </button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}

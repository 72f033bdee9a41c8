import { describe, expect, it } from 'vitest';
import { findPriceMismatch, toOrder } from './mapper.ts';

const prices = new Map([
  [1, 39.9],
  [2, 128],
]);
const priceOf = (id: number) => prices.get(id);

describe('findPriceMismatch', () => {
  it('accepts orders without client prices, or with the catalogue prices', () => {
    expect(findPriceMismatch([{ productId: 1, quantity: 3 }], priceOf)).toBeUndefined();
    expect(
      findPriceMismatch(
        [
          { productId: 1, quantity: 3, price: 39.9, totalAmount: 119.7 },
          { productId: 2, quantity: 1, price: 128 },
        ],
        priceOf,
        247.7,
      ),
    ).toBeUndefined();
  });
  it('rejects a tampered unit price, line total or order total', () => {
    expect(findPriceMismatch([{ productId: 1, quantity: 1, price: 0.01 }], priceOf)).toMatch(/价格已更新/);
    expect(findPriceMismatch([{ productId: 1, quantity: 2, totalAmount: 39.9 }], priceOf)).toMatch(/金额/);
    expect(findPriceMismatch([{ productId: 1, quantity: 2 }], priceOf, 1)).toMatch(/金额/);
  });
  it('leaves unknown products to the CMS', () => {
    expect(findPriceMismatch([{ productId: 99, quantity: 1, price: 1 }], priceOf)).toBeUndefined();
  });
});

describe('toOrder', () => {
  it('adds the spec aliases and absolute image URLs', () => {
    const order = toOrder(
      {
        id: 5,
        orderNo: 'FY20261122000000123456',
        status: 0,
        totalAmount: 79.8,
        payAmount: 79.8,
        shippingName: '',
        shippingPhone: '',
        shippingAddress: '',
        paymentMethod: null,
        expiresAt: null,
        paidAt: null,
        createdAt: '2026-11-22T00:00:00Z',
        items: [{ id: 1, productId: 1, productName: 'x', productImage: '/uploads/a.svg', price: 39.9, quantity: 2, totalAmount: 79.8 }],
      },
      'http://h',
    );
    expect(order).toMatchObject({
      orderNumber: 'FY20261122000000123456',
      statusText: '待支付',
      orderItems: [{ productImage: 'http://h/uploads/a.svg' }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { mobilePaymentUrl, paySuccessHref, paymentHref, readOrderId, readPaymentMethod } from './links.ts';

describe('payment addresses', () => {
  it('sends the shop to /payment with the order id and the amount to 2 decimals', () => {
    expect(paymentHref(42, 268)).toBe('/payment?orderId=42&amount=268.00');
  });

  it('puts the absolute /mobile/payment address under PUBLIC_URL into the QR code', () => {
    const url = mobilePaymentUrl('http://192.168.1.20:8080/', {
      orderId: 7,
      orderNo: 'FY20261123221500123456',
      amount: 59.7,
      paymentMethod: 'alipay',
      timestamp: 1_700_000_000_000,
    });
    expect(url).toBe(
      'http://192.168.1.20:8080/mobile/payment?orderId=7&orderNo=FY20261123221500123456&amount=59.70&paymentMethod=alipay&timestamp=1700000000000',
    );
    expect(new URL(url).origin).toBe('http://192.168.1.20:8080');
  });

  it('ends at /pay-success with order number, id and amount', () => {
    expect(paySuccessHref({ id: 7, orderNo: 'FY1', totalAmount: 45 })).toBe('/pay-success?orderNo=FY1&orderId=7&amount=45.00');
  });

  it('reads only a positive whole order id from the query', () => {
    expect(readOrderId('?orderId=12&amount=3')).toBe(12);
    for (const bad of ['', '?orderId=', '?orderId=0', '?orderId=-3', '?orderId=1.5', '?orderId=abc', '?orderId=99999999999']) {
      expect(readOrderId(bad), bad).toBeUndefined();
    }
  });

  it('reads the payment method, WeChat unless Alipay is named', () => {
    expect(readPaymentMethod('?paymentMethod=alipay')).toBe('alipay');
    expect(readPaymentMethod('?paymentMethod=wechat')).toBe('wechat');
    expect(readPaymentMethod('?paymentMethod=paypal')).toBe('wechat');
  });
});

import { describe, expect, it } from 'vitest';
import {
  mobilePaymentUrl,
  orderVerdict,
  paySuccessHref,
  paymentHref,
  readAmount,
  readOrderId,
  readOrderNo,
  readPaymentMethod,
  resolvePublicUrl,
} from './links.ts';

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

describe('the payment pages’ query and decisions', () => {
  it('builds the QR on PUBLIC_URL when it is an http(s) address, else on the page’s origin', () => {
    expect(resolvePublicUrl('http://192.168.1.20:8080/', 'http://127.0.0.1:8080')).toBe('http://192.168.1.20:8080');
    expect(resolvePublicUrl('https://feiyi.example/portal/', 'http://127.0.0.1:8080')).toBe('https://feiyi.example/portal');
    for (const bad of [undefined, '', '  ', 'not a url', 'javascript:alert(1)', 'ftp://x']) {
      expect(resolvePublicUrl(bad, 'http://127.0.0.1:8080'), String(bad)).toBe('http://127.0.0.1:8080');
    }
  });

  it('reads an amount with at most 2 decimals and an order number of letters and digits', () => {
    expect(readAmount('?amount=268.00')).toBe(268);
    expect(readAmount('?amount=59.7')).toBe(59.7);
    for (const bad of ['', '?amount=', '?amount=-1', '?amount=1.234', '?amount=abc', '?amount=1e3']) {
      expect(readAmount(bad), bad).toBeUndefined();
    }
    expect(readOrderNo('?orderNo=FY20261123221500123456')).toBe('FY20261123221500123456');
    expect(readOrderNo('?orderNo=<script>')).toBeUndefined();
    expect(readOrderNo('')).toBeUndefined();
  });

  it('pays a pending order, follows one paid on the phone, refuses the rest', () => {
    expect(orderVerdict(0, true)).toBe('pay');
    expect(orderVerdict(0, false)).toBe('pay');
    expect(orderVerdict(1, false)).toBe('paid-elsewhere');
    expect(orderVerdict(1, true)).toBe('refuse');
    expect(orderVerdict(2, true)).toBe('refuse');
    expect(orderVerdict(2, false)).toBe('refuse');
  });
});

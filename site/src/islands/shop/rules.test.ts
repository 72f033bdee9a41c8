import { describe, expect, it } from 'vitest';
import { canBuy, cartOrderBody, clampQuantity, isPageSize, nextSlide, productImages, quickBuyBody } from './rules.ts';
import { validateShipping } from './shipping.ts';

const valid = { shippingName: '李华', shippingPhone: '13812345678', shippingAddress: '浙江省杭州市西湖区龙井路 1 号' };

describe('shipping form', () => {
  it('accepts a complete form with a mainland mobile number', () => {
    expect(validateShipping(valid)).toEqual({});
    expect(validateShipping({ ...valid, shippingPhone: '19900000000' })).toEqual({});
  });

  it('asks for each missing field with the spec’s message', () => {
    expect(validateShipping({ shippingName: '', shippingPhone: '', shippingAddress: '' })).toEqual({
      shippingName: '请输入收货人姓名',
      shippingPhone: '请输入联系电话',
      shippingAddress: '请输入收货地址',
    });
    expect(validateShipping({ ...valid, shippingName: '   ', shippingAddress: ' \n ' })).toEqual({
      shippingName: '请输入收货人姓名',
      shippingAddress: '请输入收货地址',
    });
  });

  it('refuses a phone that is not 11 digits, starting 1 then 3–9', () => {
    for (const phone of ['12812345678', '10812345678', '1381234567', '138123456789', '2381234567a', '+8613812345678']) {
      expect(validateShipping({ ...valid, shippingPhone: phone }), phone).toEqual({ shippingPhone: '请输入正确的手机号码' });
    }
  });
});

describe('quantity', () => {
  it('is held to 1..stock', () => {
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-2, 5)).toBe(1);
    expect(clampQuantity('2.7', 5)).toBe(2);
    expect(clampQuantity('abc', 5)).toBe(1);
    expect(clampQuantity('', 5)).toBe(1);
    expect(clampQuantity(4, 0)).toBe(1);
  });

  it('allows buying only while in stock', () => {
    expect(canBuy(1)).toBe(true);
    expect(canBuy(0)).toBe(false);
    expect(canBuy(-1)).toBe(false);
  });
});

describe('page sizes and pictures', () => {
  it('knows the page sizes 9, 18, 27 and 36', () => {
    expect([9, 18, 27, 36].every(isPageSize)).toBe(true);
    expect(isPageSize(10)).toBe(false);
  });

  it('reads the JSON array of pictures, http addresses only, else the cover', () => {
    expect(productImages('["http://a/1.jpg","javascript:x","https://a/2.jpg"]', 'http://a/c.jpg')).toEqual([
      'http://a/1.jpg',
      'https://a/2.jpg',
    ]);
    expect(productImages('not json', 'http://a/c.jpg')).toEqual(['http://a/c.jpg']);
    expect(productImages('[]', '')).toEqual([]);
  });
});

describe('order bodies', () => {
  const product = { id: 5, name: '蔚县剪纸数字壁纸集', coverImage: 'http://a/c.jpg', price: 19.9 };

  it('writes the shipping-form order: one line, price × quantity exact to the fen, status 0, fields trimmed', () => {
    expect(cartOrderBody(product, 3, { ...valid, shippingName: ' 李华 ' }, 12)).toEqual({
      orderItems: [
        { productId: 5, productName: '蔚县剪纸数字壁纸集', productImage: 'http://a/c.jpg', price: 19.9, quantity: 3, totalAmount: 59.7 },
      ],
      shippingName: '李华',
      shippingPhone: '13812345678',
      shippingAddress: '浙江省杭州市西湖区龙井路 1 号',
      totalAmount: 59.7,
      payAmount: 59.7,
      status: 0,
      userId: 12,
    });
  });

  it('quick-buy always buys one', () => {
    expect(quickBuyBody(product, 12)).toEqual({ userId: 12, items: [{ productId: 5, quantity: 1, price: 19.9 }] });
  });
});

describe('carousel', () => {
  it('wraps round both ways', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(nextSlide(0, 3, -1)).toBe(2);
    expect(nextSlide(0, 0)).toBe(0);
  });
});

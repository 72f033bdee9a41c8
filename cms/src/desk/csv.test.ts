import { describe, expect, it } from 'vitest';
import { beijingTime, BOM, csvField, exportDisposition, shippingCsv, SHIPPING_HEADERS, toCsv } from './csv';

describe('CSV for Excel', () => {
  it('starts with a BOM and ends each row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe(`${BOM}a,b\r\n1,2\r\n`);
  });

  it('quotes commas, quotes and line breaks, and keeps Chinese as it is', () => {
    expect(csvField('浙江省杭州市')).toBe('浙江省杭州市');
    expect(csvField('1 号楼,2 单元')).toBe('"1 号楼,2 单元"');
    expect(csvField('“老字号”"店"')).toBe('"“老字号”""店"""');
    expect(csvField('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps a spreadsheet from running a visitor’s text as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+86 1')).toBe("'+86 1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@a')).toBe("'@a");
  });
});

describe('the shipping export', () => {
  it('writes one row per paid order under Chinese headers, times in Beijing and amounts to the fen', () => {
    const csv = shippingCsv([
      {
        orderNo: 'FY20261129083000123456',
        paidAt: '2026-11-29T00:30:05.000Z',
        shippingName: '张三',
        shippingPhone: '13800138000',
        shippingAddress: '浙江省杭州市上城区, 1 号',
        payAmount: '59.70',
        items: [
          { productName: '宣纸信笺', quantity: 2 },
          { productName: '蔚县剪纸', quantity: 1 },
        ],
      },
      { orderNo: 'FY2', paidAt: null, shippingName: null, shippingPhone: null, shippingAddress: null, payAmount: 0.3, items: null },
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      SHIPPING_HEADERS.join(','),
      'FY20261129083000123456,2026-11-29 08:30:05,张三,13800138000,"浙江省杭州市上城区, 1 号",宣纸信笺 × 2；蔚县剪纸 × 1,59.70',
      'FY2,,,,,,0.30',
      '',
    ]);
  });

  it('writes Beijing time across midnight', () => {
    expect(beijingTime('2026-11-28T16:00:00Z')).toBe('2026-11-29 00:00:00');
  });

  it('names the download in Chinese with an ASCII fallback', () => {
    expect(exportDisposition('2026-11-01', '2026-11-29')).toBe(
      `attachment; filename="paid-orders_2026-11-01_2026-11-29.csv"; filename*=UTF-8''${encodeURIComponent('已支付订单_2026-11-01至2026-11-29.csv')}`,
    );
  });
});

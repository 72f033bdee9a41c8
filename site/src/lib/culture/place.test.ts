import { describe, expect, it } from 'vitest';
import { placeLabel } from './place.ts';

const provinces = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

describe('the place under an item’s title', () => {
  it('is the primary province when there is one', () => {
    expect(placeLabel({ provinceName: '江苏', provinces: provinces('江苏', '北京', '上海', '浙江', '湖南') })).toBe('江苏');
  });

  it('is the provinces the entries name without one, two at most and how many in all', () => {
    expect(placeLabel({ provinceName: null, provinces: provinces('江苏', '浙江') })).toBe('江苏、浙江');
    expect(placeLabel({ provinceName: null, provinces: provinces('江苏', '浙江', '山东') })).toBe('江苏、浙江等 3 地');
    expect(placeLabel({ provinceName: null, provinces: provinces('内蒙古', '四川', '云南', '西藏', '甘肃', '青海', '新疆') })).toBe(
      '内蒙古、四川等 7 地',
    );
    expect(placeLabel({ provinceName: null, provinces: [] })).toBe('');
  });
});

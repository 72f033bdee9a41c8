import { describe, expect, it } from 'vitest';
import { addressProblem, completeRegion, formatAddress, regionOptions, usernameProblem } from './forms.ts';

const tree = {
  浙江省: { 杭州市: ['西湖区', '上城区'], 宁波市: ['海曙区'] },
  北京市: { 市辖区: ['东城区'] },
};

describe('the username form', () => {
  it('refuses a blank name after trimming', () => {
    expect(usernameProblem('')).toBe('用户名不能为空');
    expect(usernameProblem('   ')).toBe('用户名不能为空');
  });

  it('keeps to 3 to 20 characters, counted after trimming', () => {
    expect(usernameProblem(' ab ')).toBe('长度在 3 到 20 个字符');
    expect(usernameProblem('a'.repeat(21))).toBe('长度在 3 到 20 个字符');
    expect(usernameProblem('  非遗传承  ')).toBeUndefined();
    expect(usernameProblem('a'.repeat(20))).toBeUndefined();
  });
});

describe('the address form', () => {
  it('keeps a region of three levels that exist', () => {
    expect(completeRegion(tree, ['浙江省', '杭州市', '西湖区'])).toEqual(['浙江省', '杭州市', '西湖区']);
  });

  it('clears a region of fewer than three levels, or one that does not exist', () => {
    expect(completeRegion(tree, [])).toBeUndefined();
    expect(completeRegion(tree, ['浙江省'])).toBeUndefined();
    expect(completeRegion(tree, ['浙江省', '杭州市'])).toBeUndefined();
    expect(completeRegion(tree, ['浙江省', '杭州市', ''])).toBeUndefined();
    expect(completeRegion(tree, ['浙江省', '宁波市', '西湖区'])).toBeUndefined();
    expect(completeRegion(tree, ['浙江省', '杭州市', '西湖区', '多余'])).toBeUndefined();
  });

  it('offers the cities of the chosen province and the districts of the chosen city', () => {
    expect(regionOptions(tree, '', '')).toEqual({ provinces: ['浙江省', '北京市'], cities: [], districts: [] });
    expect(regionOptions(tree, '浙江省', '')).toEqual({ provinces: ['浙江省', '北京市'], cities: ['杭州市', '宁波市'], districts: [] });
    expect(regionOptions(tree, '浙江省', '杭州市').districts).toEqual(['西湖区', '上城区']);
    expect(regionOptions(tree, '北京市', '杭州市').districts).toEqual([]);
  });

  it('needs the region and the detail', () => {
    const message = '请填写完整的省市区和详细地址';
    expect(addressProblem({ region: undefined, detail: '龙井路 1 号' })).toBe(message);
    expect(addressProblem({ region: ['浙江省', '杭州市', '西湖区'], detail: '  ' })).toBe(message);
    expect(addressProblem({ region: ['浙江省', '杭州市', '西湖区'], detail: '龙井路 1 号' })).toBeUndefined();
    expect(addressProblem({ region: ['浙江省', '杭州市', '西湖区'], detail: '路'.repeat(201) })).toBe('详细地址不能超过 200 个字');
  });

  it('writes an address on one line', () => {
    expect(formatAddress({ province: '浙江省', city: '杭州市', district: '西湖区', detail: ' 龙井路 1 号 ' })).toBe(
      '浙江省 杭州市 西湖区 龙井路 1 号',
    );
    expect(formatAddress(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { maskIdCard, maskName } from './identity.ts';

describe('masking', () => {
  it('keeps only the first character of a donor name', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('demo')).toBe('d**');
    expect(maskName('')).toBe('匿名**');
  });
  it('masks an 18-digit ID number to its first 6 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('12345')).toBe('*****');
  });
});

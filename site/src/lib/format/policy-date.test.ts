import { describe, expect, it } from 'vitest';
import { policyDateText, policyYear } from './policy-date.ts';

describe('policy dates', () => {
  it('takes the year of pubDate', () => {
    expect(policyYear('2006-05-20')).toBe(2006);
    expect(policyYear('1949-11-01')).toBe(1949);
  });
  it('writes the full date without leading zeros, or only the year when that is all that is known', () => {
    expect(policyDateText('2006-05-20', 'day')).toBe('2006年5月20日');
    expect(policyDateText('2008-01-01', 'year')).toBe('2008年');
  });
});

import { describe, expect, it } from 'vitest';
import { unreadyOnItsOwn } from './health.ts';

describe('an unready instance', () => {
  it('is unready on its own only for a cause not every instance shares', () => {
    expect(unreadyOnItsOwn(['cms-unreachable'])).toBe(false);
    expect(unreadyOnItsOwn(['cms-unreachable', 'redis-unreachable'])).toBe(false);
    expect(unreadyOnItsOwn(['content-not-loaded', 'cms-unreachable'])).toBe(true);
    expect(unreadyOnItsOwn(['draining'])).toBe(true);
    // No answer at all is the instance's own trouble.
    expect(unreadyOnItsOwn(['无应答'])).toBe(true);
  });
});

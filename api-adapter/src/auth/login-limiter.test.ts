import { describe, expect, it } from 'vitest';
import { type CounterStore, FallbackCounterStore, LoginLimiter, MemoryCounterStore } from './login-limiter.ts';

describe('LoginLimiter', () => {
  it('blocks a username after the allowed failures, from any address', async () => {
    const limiter = new LoginLimiter(new MemoryCounterStore(), { maxFailures: 3 });
    for (let i = 0; i < 3; i += 1) await limiter.recordFailure(`10.0.0.${i}`, 'alice');
    expect(await limiter.isBlocked('10.9.9.9', 'alice')).toBe(true);
    expect(await limiter.isBlocked('10.9.9.9', 'bob')).toBe(false);
  });

  it('blocks an address that fails for many usernames', async () => {
    const limiter = new LoginLimiter(new MemoryCounterStore(), { maxFailures: 3 });
    for (const name of ['a', 'b', 'c']) await limiter.recordFailure('10.0.0.1', name);
    expect(await limiter.isBlocked('10.0.0.1', 'zed')).toBe(true);
    expect(await limiter.isBlocked('10.0.0.2', 'zed')).toBe(false);
  });

  it('forgets failures after the window and after a success', async () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter(new MemoryCounterStore(() => now), { maxFailures: 2, windowMs: 60_000 });
    await limiter.recordFailure('ip', 'carol');
    now += 59_999;
    await limiter.recordFailure('ip', 'carol');
    // The window runs from the first failure: one millisecond before it ends both still count.
    expect(await limiter.isBlocked('other', 'carol')).toBe(true);
    now += 1;
    expect(await limiter.isBlocked('other', 'carol')).toBe(false);
    await limiter.recordFailure('ip2', 'dave');
    await limiter.recordSuccess('ip2', 'dave');
    await limiter.recordFailure('ip3', 'dave');
    expect(await limiter.isBlocked('ip4', 'dave')).toBe(false);
  });

  it('treats usernames case- and space-insensitively', async () => {
    const limiter = new LoginLimiter(new MemoryCounterStore(), { maxFailures: 2 });
    await limiter.recordFailure('1', 'Eve');
    await limiter.recordFailure('2', ' eve ');
    expect(await limiter.isBlocked('3', 'EVE')).toBe(true);
  });
});

/** A shared store that can be switched off, as Redis going away. */
class SwitchableStore implements CounterStore {
  up = true;
  private readonly inner = new MemoryCounterStore();
  private check() {
    if (!this.up) throw new Error('connection is closed');
  }
  async get(key: string) {
    this.check();
    return this.inner.get(key);
  }
  async increment(key: string, windowMs: number) {
    this.check();
    return this.inner.increment(key, windowMs);
  }
  async reset(key: string) {
    this.check();
    return this.inner.reset(key);
  }
}

describe('FallbackCounterStore', () => {
  it('counts in the shared store while it answers, in its own while it does not, and reports the outage once', async () => {
    const shared = new SwitchableStore();
    const outages: unknown[] = [];
    const store = new FallbackCounterStore(shared, new MemoryCounterStore(), (error) => outages.push(error));
    expect(await store.increment('k', 60_000)).toBe(1);
    shared.up = false;
    expect(await store.increment('k', 60_000)).toBe(1);
    expect(await store.increment('k', 60_000)).toBe(2);
    expect(await store.get('k')).toBe(2);
    expect(outages).toHaveLength(1);
    shared.up = true;
    expect(await store.increment('k', 60_000)).toBe(2);
    shared.up = false;
    await store.reset('k');
    expect(outages).toHaveLength(2);
  });
});

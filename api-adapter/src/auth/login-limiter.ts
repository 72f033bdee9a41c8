import type { Redis } from 'ioredis';

/** Counters that expire; shared through Redis when several adapter instances run. */
export interface CounterStore {
  get(key: string): Promise<number>;
  increment(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private readonly now: () => number;

  /** `now` is the clock the windows are measured on (tests pass their own). */
  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  async get(key: string): Promise<number> {
    const counter = this.counters.get(key);
    if (!counter || counter.resetAt <= this.now()) return 0;
    return counter.count;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    const counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      this.counters.set(key, { count: 1, resetAt: now + windowMs });
      if (this.counters.size > 100_000) this.sweep(now);
      return 1;
    }
    counter.count += 1;
    return counter.count;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  private sweep(now: number) {
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix = 'feiyi:login:') {
    this.redis = redis;
    this.prefix = prefix;
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const result = await this.redis
      .multi()
      .incr(this.prefix + key)
      .pexpire(this.prefix + key, windowMs, 'NX')
      .exec();
    return Number(result?.[0]?.[1] ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/**
 * The shared counters while Redis answers, this instance's own while it does not: logins go on (limited per instance)
 * instead of failing with Redis. The outage is reported once, when it starts.
 */
export class FallbackCounterStore implements CounterStore {
  private readonly shared: CounterStore;
  private readonly local: CounterStore;
  private readonly onOutage: (error: unknown) => void;
  private down = false;

  constructor(shared: CounterStore, local: CounterStore, onOutage: (error: unknown) => void) {
    this.shared = shared;
    this.local = local;
    this.onOutage = onOutage;
  }

  private async either<T>(call: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      const result = await call(this.shared);
      this.down = false;
      return result;
    } catch (error) {
      if (!this.down) this.onOutage(error);
      this.down = true;
      return call(this.local);
    }
  }

  get(key: string): Promise<number> {
    return this.either((store) => store.get(key));
  }

  increment(key: string, windowMs: number): Promise<number> {
    return this.either((store) => store.increment(key, windowMs));
  }

  reset(key: string): Promise<void> {
    return this.either((store) => store.reset(key));
  }
}

/**
 * Failed logins are limited per IP and per username (10 in 10 minutes by default): guessing one
 * account's password from many addresses, or many accounts from one address, both stop.
 */
export class LoginLimiter {
  private readonly store: CounterStore;
  private readonly maxFailures: number;
  private readonly windowMs: number;

  constructor(store: CounterStore, options: { maxFailures?: number; windowMs?: number } = {}) {
    this.store = store;
    this.maxFailures = options.maxFailures ?? 10;
    this.windowMs = options.windowMs ?? 10 * 60 * 1000;
  }

  private keys(ip: string, username: string) {
    return { ip: `ip:${ip}`, user: `user:${username.trim().toLowerCase()}` };
  }

  async isBlocked(ip: string, username: string): Promise<boolean> {
    const keys = this.keys(ip, username);
    const [byIp, byUser] = await Promise.all([this.store.get(keys.ip), this.store.get(keys.user)]);
    return byIp >= this.maxFailures || byUser >= this.maxFailures;
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    const keys = this.keys(ip, username);
    await Promise.all([this.store.increment(keys.ip, this.windowMs), this.store.increment(keys.user, this.windowMs)]);
  }

  async recordSuccess(_ip: string, username: string): Promise<void> {
    await this.store.reset(this.keys('', username).user);
  }

  get windowMinutes(): number {
    return Math.round(this.windowMs / 60_000);
  }
}

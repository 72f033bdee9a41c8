import type { z } from 'zod';
import { type CachedBody, ResponseCache } from './response-cache.ts';

/**
 * An in-memory copy of published content, loaded from the CMS on first use. It is served while a
 * refresh runs in the background (after `revalidateMs`, or at once when an editor publishes), so
 * public reads never wait on Strapi once warm. Only one load runs at a time.
 */
export class Snapshot<T> {
  private current: { value: T; loadedAt: number; version: number } | undefined;
  private inflight: Promise<T> | undefined;
  private stale = false;
  private version = 0;
  private readonly load: () => Promise<T>;
  private readonly revalidateMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly checkAnswers: boolean;
  private readonly answers = new ResponseCache(5000);

  constructor(load: () => Promise<T>, options: { revalidateMs: number; onError: (error: unknown) => void; checkAnswers?: boolean }) {
    this.load = load;
    this.revalidateMs = options.revalidateMs;
    this.onError = options.onError;
    this.checkAnswers = options.checkAnswers ?? false;
  }

  async get(): Promise<T> {
    return (await this.entry()).value;
  }

  /**
   * A serialised answer derived from the current copy, cached under that copy's version: the value
   * and the version it is filed under always belong together, and a reload retires every answer.
   * Keys are unique per snapshot (each route prefixes its own); `ttlMs` bounds answers that change
   * without a new version (view counts). Cached answers skip the route's serializer, so with
   * `checkAnswers` each is parsed with its contract schema once, when built.
   */
  async answer<S extends z.ZodType>(key: string, schema: S, build: (value: T) => z.input<S>, ttlMs?: number): Promise<CachedBody> {
    const { value, version } = await this.entry();
    return this.answers.get(version, key, () => (this.checkAnswers ? schema.parse(build(value)) : build(value)), ttlMs);
  }

  private async entry(): Promise<{ value: T; version: number }> {
    if (!this.current) await this.refresh();
    const current = this.current!;
    const expired = this.revalidateMs > 0 && Date.now() - current.loadedAt > this.revalidateMs;
    if (this.stale || expired) this.refresh().catch(this.onError);
    return current;
  }

  /** Version of the value currently served; it changes after every successful load. */
  /** Whether a copy has been loaded (an instance without one yet is not ready for traffic). */
  get loaded(): boolean {
    return this.current !== undefined;
  }

  get currentVersion(): number {
    return this.current?.version ?? 0;
  }

  /** Marks the copy stale and starts reloading; readers keep the old copy until the new one is in. */
  invalidate(): Promise<T> {
    this.stale = true;
    const next = this.refresh();
    next.catch(this.onError);
    return next;
  }

  /**
   * Replaces the served value with one derived from it, without loading (a change the caller knows
   * of already); cached answers retire with the old version. Nothing happens before the first load.
   */
  update(change: (value: T) => T): void {
    if (!this.current) return;
    this.version += 1;
    this.current = { value: change(this.current.value), loadedAt: this.current.loadedAt, version: this.version };
  }

  refresh(): Promise<T> {
    if (this.inflight) return this.inflight;
    this.stale = false;
    this.inflight = this.load()
      .then((value) => {
        this.version += 1;
        this.current = { value, loadedAt: Date.now(), version: this.version };
        return value;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }
}

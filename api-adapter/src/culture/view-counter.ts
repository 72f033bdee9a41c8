import { type CultureViews, VIEW_BATCH_MAX_COUNT, VIEW_BATCH_MAX_ITEMS } from '@feiyi/contract/portal';
import { ApiError } from '../http/errors.ts';

/** How long views wait to be saved and announced together: one CMS request and one Redis message per instance and second. */
export const VIEW_FLUSH_MS = 1_000;

export interface ViewCounterOptions {
  /** Saves one batch in the CMS (all or nothing); throws when it could not. */
  save: (views: CultureViews) => Promise<void>;
  /** Tells the other adapter instances, once per batch of new views; never throws (absent without Redis). */
  announce?: ((views: CultureViews) => Promise<void>) | undefined;
  log: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };
  intervalMs?: number | undefined;
  /** Most items with views waiting to be saved (and in one batch). */
  maxItems?: number | undefined;
}

/**
 * Views of culture items counted by this adapter instance, saved in the CMS and announced to the other instances in
 * batches instead of one request and one message per view (the detail page's traffic would otherwise make the CMS the
 * bottleneck). The caller counts each view in its own copy at once; this only carries it further, within a second.
 *
 * A failed save (the CMS down) keeps its views for the next flush. Memory stays bounded: at most `maxItems` items wait
 * (a flush starts early when that many have views) with at most VIEW_BATCH_MAX_COUNT views each; a view beyond either
 * bound, while the CMS cannot take them, is not saved (still counted in the copies here and elsewhere) and is logged.
 */
export class ViewCounter {
  /** Views not yet in the CMS, by culture id (a batch being saved is not among them until it fails). */
  private unsaved = new Map<number, number>();
  /** Views the other instances have not heard of: announced once each, whatever becomes of their save. */
  private unannounced = new Map<number, number>();
  private saving: { views: number; done: Promise<void> } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Whether the current outage is logged (once when it starts, not on every retry). */
  private failing = false;
  private readonly options: Required<Omit<ViewCounterOptions, 'announce'>> & Pick<ViewCounterOptions, 'announce'>;
  /** Views saved in the CMS, and views given up (beyond the bounds, refused by the CMS, or unsaved at close): tests and the log. */
  readonly totals = { saved: 0, dropped: 0 };

  constructor(options: ViewCounterOptions) {
    this.options = { ...options, intervalMs: options.intervalMs ?? VIEW_FLUSH_MS, maxItems: options.maxItems ?? VIEW_BATCH_MAX_ITEMS };
  }

  /** Views counted here that are not in the CMS yet, including a batch being saved. */
  get pending(): number {
    return sum(this.unsaved) + (this.saving?.views ?? 0);
  }

  /** One view of a culture item (that the caller has already counted in its own copy). */
  count(cultureId: number): void {
    if (this.options.announce) add(this.unannounced, cultureId, 1, Number.POSITIVE_INFINITY);
    this.totals.dropped += add(this.unsaved, cultureId, 1, this.options.maxItems);
    // A batch holds at most maxItems items: that many waiting is a flush now rather than at the timer (unless a save runs
    // or the CMS is away: then the timer's retry, not every further view, asks it again).
    const saveNow = this.unsaved.size >= this.options.maxItems && !this.saving && !this.failing;
    if (saveNow || this.unannounced.size >= this.options.maxItems) void this.flush();
    else this.schedule();
  }

  /**
   * Announces the views not announced yet and saves the ones waiting, one batch each; resolves once its save is done
   * (a failed save is kept for later, not an error). One save at a time: while one runs (the CMS slow to answer), this
   * only announces, and the running one schedules the next flush when it ends.
   */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const announced = entries(this.unannounced);
    this.unannounced = new Map();
    if (announced.length > 0) await this.options.announce?.(announced);
    if (this.saving) return;
    const batch = entries(this.unsaved);
    this.unsaved = new Map();
    if (batch.length === 0) return;
    const views = sumOf(batch);
    const done = this.save(batch, views).finally(() => {
      this.saving = undefined;
      if (this.unsaved.size > 0 || this.unannounced.size > 0) this.schedule();
    });
    this.saving = { views, done };
    await done;
  }

  /** At shutdown: no more timer; everything counted is announced and saved now, or logged as lost if the CMS is away. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.saving) await this.saving.done;
    await this.flush();
    const lost = sum(this.unsaved);
    if (lost > 0) {
      this.totals.dropped += lost;
      this.options.log.error({ views: lost }, 'views not saved at shutdown: the CMS did not take them');
    }
    this.unsaved.clear();
  }

  private async save(batch: CultureViews, views: number): Promise<void> {
    try {
      await this.options.save(batch);
      this.totals.saved += views;
      if (this.failing) this.options.log.warn({ views }, 'views saved again: the CMS takes them');
      this.failing = false;
    } catch (error) {
      // Refused as malformed, the batch would be refused again at every retry: the two sides disagree on the contract.
      if (error instanceof ApiError && error.statusCode === 400) {
        this.totals.dropped += views;
        this.options.log.error({ err: error, views }, 'views refused by the CMS and dropped');
        return;
      }
      // Back with what was counted meanwhile, within the bounds, for the next flush.
      for (const { cultureId, count } of batch) this.totals.dropped += add(this.unsaved, cultureId, count, this.options.maxItems);
      if (!this.failing) this.options.log.warn({ err: error, views }, 'views not saved: kept to retry at the next flush');
      this.failing = true;
    }
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), this.options.intervalMs);
    // A pending flush does not keep the process alive; a graceful shutdown flushes (close()).
    this.timer.unref();
  }
}

/** Adds `count` views of an item within the bounds; answers how many did not fit. */
function add(views: Map<number, number>, cultureId: number, count: number, maxItems: number): number {
  const had = views.get(cultureId);
  if (had === undefined && views.size >= maxItems) return count;
  const total = (had ?? 0) + count;
  views.set(cultureId, Math.min(total, VIEW_BATCH_MAX_COUNT));
  return Math.max(0, total - VIEW_BATCH_MAX_COUNT);
}

const entries = (views: Map<number, number>): CultureViews => [...views].map(([cultureId, count]) => ({ cultureId, count }));
const sum = (views: Map<number, number>) => [...views.values()].reduce((total, count) => total + count, 0);
const sumOf = (batch: CultureViews) => batch.reduce((total, { count }) => total + count, 0);

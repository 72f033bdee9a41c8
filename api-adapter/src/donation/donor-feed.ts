/** How long one instance answers the donor feed from the CMS's last answer: a donation drive's visitors share it. */
export const DONOR_FEED_TTL_MS = 1_000;

/**
 * The public donor feed (`GET /api/donations/feed`) as this instance last fetched it, by `limit`. The donation pages
 * read it on every visit and every 30 s while open, so without it each of a drive's visitors is a CMS request and a
 * query; with it an instance asks the CMS at most once a `ttlMs` per limit, and readers arriving meanwhile share the
 * one request. A donation taken here (or announced by another instance) forgets it at once, so the donor's next read
 * has their row.
 */
export class DonorFeed<Records> {
  private readonly fetchFeed: (limit: number) => Promise<Records>;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly answers = new Map<number, { records: Promise<Records>; fetchedAt: number }>();

  constructor(fetchFeed: (limit: number) => Promise<Records>, options: { ttlMs?: number; now?: () => number } = {}) {
    this.fetchFeed = fetchFeed;
    this.ttlMs = options.ttlMs ?? DONOR_FEED_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  get(limit: number): Promise<Records> {
    const kept = this.answers.get(limit);
    if (kept && this.now() - kept.fetchedAt < this.ttlMs) return kept.records;
    const entry = { records: this.fetchFeed(limit), fetchedAt: this.now() };
    this.answers.set(limit, entry);
    // A failed fetch is not kept: the next reader asks again.
    entry.records.catch(() => {
      if (this.answers.get(limit) === entry) this.answers.delete(limit);
    });
    return entry.records;
  }

  /** A donation was made: readers from now on get a new fetch (one under way is left to those who asked before). */
  invalidate(): void {
    this.answers.clear();
  }
}

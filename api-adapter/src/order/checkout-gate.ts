/**
 * At most `width` of this instance's orders in the CMS at once; the others wait here, first come first served. A flash
 * sale's crowd otherwise reaches the CMS all together: its database pool is taken by transactions waiting for the
 * product's row, the checks of visitors' tokens queue behind them, and answers come after the adapter's timeout (503).
 */
export class CheckoutGate {
  private readonly width: number;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(width: number) {
    this.width = width;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.width) this.active += 1;
    // The finishing task hands its place straight to the next one (active stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Orders waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }
}

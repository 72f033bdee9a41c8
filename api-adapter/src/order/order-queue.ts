import { orderQueueChange, type OrderQueueMessage } from '../metrics/channels.ts';

/**
 * This instance's orders on their way to the CMS: at most `width` batches in the CMS at once, each of up to `batchSize`
 * orders; the others wait here, first come first served, and leave together in the next batch. An order that finds a
 * place free leaves at once (no timer: a batch is whatever queued while the CMS was busy). A flash sale's crowd otherwise
 * reaches the CMS all together, one transaction per buyer, and the answers come after the adapter's timeout (503).
 */
export class OrderQueue<Entry, Result> {
  private readonly width: number;
  private readonly batchSize: number;
  /** Sends one batch; answers each entry's result or its own error, in the batch's order (a throw fails them all). */
  private readonly send: (entries: Entry[]) => Promise<Array<Result | Error>>;
  private active = 0;
  private readonly waiting: Array<{ entry: Entry; resolve: (result: Result) => void; reject: (error: unknown) => void }> = [];

  constructor(options: { width: number; batchSize: number; send: (entries: Entry[]) => Promise<Array<Result | Error>> }) {
    this.width = options.width;
    this.batchSize = options.batchSize;
    this.send = options.send;
  }

  submit(entry: Entry): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      this.report();
      this.pump();
    });
  }

  /** Orders waiting for a batch now. */
  get queued(): number {
    return this.waiting.length;
  }

  private report(batchSize?: number): void {
    if (!orderQueueChange.hasSubscribers) return;
    const message: OrderQueueMessage = { depth: this.waiting.length };
    if (batchSize !== undefined) message.batchSize = batchSize;
    orderQueueChange.publish(message);
  }

  private pump(): void {
    while (this.active < this.width && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.batchSize);
      this.report(batch.length);
      this.active += 1;
      this.send(batch.map((waiting) => waiting.entry))
        .then(
          (results) =>
            batch.forEach((waiting, i) => {
              const result = results[i];
              if (result instanceof Error) waiting.reject(result);
              else if (i < results.length) waiting.resolve(result as Result);
              else waiting.reject(new Error(`a batch of ${batch.length} answered ${results.length} results`));
            }),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          this.active -= 1;
          this.pump();
        });
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { cultureViews } from '@feiyi/contract/portal';

export const CONTENT_EVENTS_CHANNEL = 'feiyi:content-events';

/**
 * The channel of the deployment on this Redis database. Pub/sub ignores database numbers (a message published while on
 * database 5 reaches subscribers on every database), so portals kept apart by their database (REDIS_URL …/5) name it in
 * the channel: otherwise one portal's sales set another's stock.
 */
export const contentEventsChannel = (database: number | undefined) => `${CONTENT_EVENTS_CHANNEL}:${database ?? 0}`;

const message = z.object({
  from: z.string(),
  /** `donation`: a donation was made there, so the donor feed this instance keeps is out of date. */
  kind: z.enum(['published', 'stock', 'view', 'donation']),
  /** Views counted on one instance since its last flush: the others count them too, so every hot list and detail agrees. */
  views: cultureViews.optional(),
  /** A sale's or booking's new levels, as the CMS answered them: the others apply them without asking the CMS. */
  stock: z.array(z.object({ productId: z.number().int(), stock: z.number().int() })).optional(),
  seats: z.array(z.object({ workshopId: z.number().int(), seatsBooked: z.number().int() })).optional(),
  /**
   * Levels an instance followed from the CMS (read after this stock fingerprint): the others adopt them with the
   * fingerprint, so they neither wait for their own check nor follow again (ContentStore.adoptFollowedStock).
   */
  stockVersion: z.string().optional(),
});
export type ContentEvent = Omit<z.infer<typeof message>, 'from'>;

/**
 * Tells the other adapter instances that content moved here (the CMS's webhook reached only this one; a sale changed
 * stock in this one's copy), through Redis pub/sub: each of them then asks the CMS at once instead of at its next
 * periodic check. Without Redis (down, or never configured) every instance still catches up by that periodic check:
 * the fan-out only shortens the wait, so a failure is a warning, never an error for the request that caused it.
 */
export class ContentFanOut {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly instance: string;
  private readonly channel: string;
  private readonly log: FastifyBaseLogger;
  /** How many other instances' announcements this one has followed, by kind: tests read it. */
  readonly followed: Record<ContentEvent['kind'], number> = { published: 0, stock: 0, view: 0, donation: 0 };
  /** Whether the outage is already logged, so a Redis outage is logged once when it starts, not on every reconnect attempt. */
  private warned = false;

  constructor(options: { publisher: Redis; instance: string; log: FastifyBaseLogger; onEvent: (event: ContentEvent) => Promise<void> }) {
    this.publisher = options.publisher;
    this.instance = options.instance;
    this.channel = contentEventsChannel(options.publisher.options.db);
    this.log = options.log;
    // A subscribed connection can do nothing else: a second one. Its subscription waits for the connection (and is
    // renewed by ioredis after a reconnect), whereas the publisher's commands fail at once while Redis is away.
    this.subscriber = options.publisher.duplicate({ enableOfflineQueue: true });
    this.subscriber.on('error', (error: Error) => this.warn(error));
    this.subscriber.on('ready', () => {
      if (this.warned) this.log.warn('redis is back: content changes reach the other adapter instances again');
      this.warned = false;
    });
    this.subscriber.on('message', (_channel: string, raw: string) => {
      let parsed: z.infer<typeof message>;
      try {
        parsed = message.parse(JSON.parse(raw));
      } catch {
        return;
      }
      if (parsed.from === this.instance) return;
      options
        .onEvent(parsed)
        .then(() => (this.followed[parsed.kind] += 1))
        .catch((error: unknown) => this.log.warn({ err: error }, "content version check after another instance's announcement failed"));
    });
    this.subscriber.subscribe(this.channel).catch((error: unknown) => this.warn(error));
  }

  /**
   * Published once Redis has it (and has passed it to the other instances' connections), so a sale's answer leaves
   * after the news of it; never an error for the caller: without Redis it is a warning and nothing is sent.
   */
  async announce(event: ContentEvent): Promise<void> {
    if (this.publisher.status !== 'ready') {
      this.warn(new Error(`redis connection is ${this.publisher.status}`));
      return;
    }
    await this.publisher
      .publish(this.channel, JSON.stringify({ ...event, from: this.instance }))
      .then(() => undefined)
      .catch((error: unknown) => this.warn(error));
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }

  private warn(error: unknown) {
    if (this.warned) return;
    this.warned = true;
    this.log.warn(
      { err: error },
      'redis unreachable: content changes stay local to this adapter instance (others catch up at their periodic check)',
    );
  }
}

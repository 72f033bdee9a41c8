import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { Snapshot } from '../cache/snapshot.ts';
import type { CmsClient, CmsQuery, ContentVersion } from '../cms/client.ts';

/**
 * Public content reloads in two groups: `content` changes when editors publish; `shop` (products,
 * workshops) also carries stock and seats, which move with every purchase and are updated in place.
 */
export type ContentGroup = 'content' | 'shop';

/** A published Strapi collection (or single type) a domain keeps in memory: fetched, checked against its shape, mapped. */
export interface Source<Raw, T> {
  readonly kind: 'source';
  readonly group: ContentGroup;
  /** Strapi's REST name: the plural of a collection ('cultures') or a single type ('home-page'). */
  readonly name: string;
  readonly single: boolean;
  readonly query: CmsQuery;
  readonly shape: z.ZodType<Raw>;
  /** Method syntax on purpose: a source of any raw shape is a Part of its mapped type. */
  map(items: Raw[], origin: string): T;
}

/** Something built from other parts of the same group (an index, a count): built once per loaded copy. */
export interface View<T> {
  readonly kind: 'view';
  readonly group: ContentGroup;
  readonly uses: readonly Part[];
  build(read: Read, origin: string): T;
}

export type Part<T = unknown> = Source<unknown, T> | View<T>;
export type Read = <T>(part: Part<T>) => T;

export function collection<Raw, T>(
  group: ContentGroup,
  name: string,
  options: { query?: CmsQuery; shape: z.ZodType<Raw>; map: (items: Raw[], origin: string) => T },
): Source<Raw, T> {
  return { kind: 'source', group, name, single: false, query: options.query ?? {}, shape: options.shape, map: options.map };
}

/** A single type; `map` receives one item, or none when editors have not published it. */
export function singleType<Raw, T>(
  group: ContentGroup,
  name: string,
  options: { shape: z.ZodType<Raw>; map: (item: Raw | null, origin: string) => T },
): Source<Raw, T> {
  return {
    kind: 'source',
    group,
    name,
    single: true,
    query: {},
    shape: options.shape,
    map: (items, origin) => options.map(items[0] ?? null, origin),
  };
}

export function view<T>(group: ContentGroup, uses: readonly Part[], build: (read: Read, origin: string) => T): View<T> {
  return { kind: 'view', group, uses, build };
}

const describe = (part: Part): string => (part.kind === 'source' ? part.name : `view of ${part.uses.map(describe).join(', ')}`);

/** One loaded copy of a group: the checked documents of each source and every part built from them. */
export class ContentCopy {
  private readonly raw: ReadonlyMap<Part, unknown[]>;
  private readonly built = new Map<Part, unknown>();

  /** Builds every registered part in order (a part's uses are registered before it), so a broken one fails the load. */
  constructor(parts: readonly Part[], raw: ReadonlyMap<Part, unknown[]>, origin: string) {
    this.raw = raw;
    for (const part of parts) {
      const value = part.kind === 'source' ? part.map(raw.get(part) ?? [], origin) : part.build(this.read, origin);
      this.built.set(part, value);
    }
  }

  get<T>(part: Part<T>): T {
    if (!this.built.has(part)) throw new Error(`content part not registered with the store: ${describe(part)}`);
    return this.built.get(part) as T;
  }

  private readonly read: Read = (part) => this.get(part);

  /** The documents a source was built from (for updates in place). */
  documents<Raw>(source: Source<Raw, unknown>): Raw[] {
    return (this.raw.get(source as Part) ?? []) as Raw[];
  }

  /** Every source's documents, to build a changed copy from. */
  rawEntries(): ReadonlyMap<Part, unknown[]> {
    return this.raw;
  }
}

/**
 * The adapter's in-memory copy of public content. It knows no domain: each domain registers the
 * sources it needs (a Strapi collection, its shape and mapper) and the views it builds from them.
 * Each instance re-checks the CMS's content fingerprints every few seconds (and at once when the
 * CMS reports a change), reloading only the group that changed; a failed reload keeps serving the
 * last good copy.
 */
export class ContentStore {
  readonly content: Snapshot<ContentCopy>;
  readonly shop: Snapshot<ContentCopy>;
  /** How often each group was loaded from the CMS (the first load included) and updated in place: for tests and the log. */
  readonly counts: Record<'loads' | 'updates', Record<ContentGroup, number>> = {
    loads: { content: 0, shop: 0 },
    updates: { content: 0, shop: 0 },
  };
  private readonly stockFollowers: Array<(stockVersion: string) => Promise<void>> = [];
  private readonly parts: Record<ContentGroup, Part[]> = { content: [], shop: [] };
  private lastVersion: ContentVersion | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The check that runs now, and the one that starts after it. */
  private check: Promise<void> | undefined;
  private nextCheck: Promise<void> | undefined;
  private readonly cms: CmsClient;
  private readonly origin: string;
  private readonly log: FastifyBaseLogger;

  constructor(cms: CmsClient, origin: string, log: FastifyBaseLogger, options: { checkAnswers?: boolean } = {}) {
    this.cms = cms;
    this.origin = origin;
    this.log = log;
    const onError = (error: unknown) => log.warn({ err: error }, 'content reload failed; serving the previous copy');
    const checkAnswers = options.checkAnswers ?? false;
    this.content = new Snapshot(() => this.load('content'), { revalidateMs: 0, onError, checkAnswers });
    this.shop = new Snapshot(() => this.load('shop'), { revalidateMs: 0, onError, checkAnswers });
  }

  /** Registers parts (and what they use) before the first load; registering the same part again is a no-op. */
  use(...parts: Part[]): void {
    for (const part of parts) {
      const list = this.parts[part.group];
      if (list.includes(part)) continue;
      if (part.kind === 'view') {
        for (const used of part.uses) {
          if (used.group !== part.group) throw new Error(`a ${part.group} view cannot use ${used.group} content (${describe(used)})`);
        }
        this.use(...part.uses);
      }
      list.push(part);
    }
  }

  snapshot(group: ContentGroup): Snapshot<ContentCopy> {
    return group === 'content' ? this.content : this.shop;
  }

  private async load(group: ContentGroup): Promise<ContentCopy> {
    const parts = [...this.parts[group]];
    const sources = parts.filter((part): part is Source<unknown, unknown> => part.kind === 'source');
    const fetched = await Promise.all(
      sources.map(async (source) => {
        const documents = source.single
          ? [await this.cms.single(source.name).catch(() => null)].filter((item) => item !== null)
          : await this.cms.listAll(source.name, source.query);
        return [source as Part, documents.map((document) => source.shape.parse(document))] as const;
      }),
    );
    const copy = new ContentCopy(parts, new Map(fetched), this.origin);
    this.counts.loads[group] += 1;
    return copy;
  }

  /**
   * Changes a source's documents in the served copy without asking the CMS (a purchase's answer
   * carries the new stock): every part of the group is rebuilt from them and cached answers retire.
   */
  update<Raw>(source: Source<Raw, unknown>, change: (documents: Raw[]) => Raw[], options: { followed?: boolean } = {}): void {
    // The copy no longer matches the stock fingerprint last read: the next check follows the stock whatever it reads.
    // Otherwise a sale taken here and undone in the CMS (an expired order returning its stock) before the next check
    // leaves the fingerprint as it was, and this copy would keep the sale for good. Not for stock a check followed (read
    // from the CMS after that fingerprint): the copy is then as new as the fingerprint, and blanking it would make every
    // check follow the stock again, for good.
    if (this.lastVersion && !options.followed) this.lastVersion = { ...this.lastVersion, stock: '' };
    const snapshot = this.snapshot(source.group);
    snapshot.update((copy) => {
      this.counts.updates[source.group] += 1;
      const raw = new Map(copy.rawEntries());
      raw.set(source as Part, change(copy.documents(source)));
      return new ContentCopy(this.parts[source.group], raw, this.origin);
    });
  }

  /**
   * Called when stock or seats moved elsewhere (another instance's sale, an expired order): domains fetch and apply them,
   * as followed (`update(…, { followed: true })`).
   */
  onStockMoved(follow: (stockVersion: string) => Promise<void>): void {
    this.stockFollowers.push(follow);
  }

  /**
   * Another instance followed moved stock (fetched after the fingerprint `stockVersion`) and announced the levels, which
   * the caller has just applied as followed: this copy is then as new as that fingerprint too.
   */
  adoptFollowedStock(stockVersion: string): void {
    if (this.lastVersion) this.lastVersion = { ...this.lastVersion, stock: stockVersion };
  }

  /**
   * Asks the CMS whether anything changed since the last check: a group whose published content
   * changed reloads; moved stock is fetched and applied in place (the shop is not reloaded for it).
   * Checks run one at a time: one asked for while another runs starts after it, reload included, so
   * it answers for everything before it (and fingerprints are compared in the order they were read).
   * Callers who ask meanwhile share that next check.
   */
  checkForChanges(): Promise<void> {
    if (this.nextCheck) return this.nextCheck;
    if (!this.check) return this.startCheck();
    const next = this.check
      .catch(() => undefined)
      .then(() => {
        this.nextCheck = undefined;
        return this.startCheck();
      });
    this.nextCheck = next;
    return next;
  }

  private startCheck(): Promise<void> {
    const check = this.compareVersions().finally(() => {
      if (this.check === check) this.check = undefined;
    });
    this.check = check;
    return check;
  }

  private async compareVersions(): Promise<void> {
    const version = await this.cms.contentVersion();
    const last = this.lastVersion;
    this.lastVersion = version;
    if (!last) return;
    if (version.content !== last.content) await this.content.invalidate();
    if (version.shop !== last.shop) await this.shop.invalidate();
    else if (version.stock !== last.stock) await this.followStock(version.stock);
  }

  private async followStock(stockVersion: string): Promise<void> {
    await Promise.all(this.stockFollowers.map((follow) => follow(stockVersion)));
  }

  startWatching(intervalMs: number): void {
    if (intervalMs <= 0) return;
    this.checkForChanges().catch(() => undefined);
    this.timer = setInterval(() => {
      this.checkForChanges().catch((error: unknown) => this.log.warn({ err: error }, 'content version check failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stopWatching(): void {
    clearInterval(this.timer);
  }
}

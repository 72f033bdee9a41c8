import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { propsFingerprint } from './affected.ts';

/** An API answer as the pages read it: kept so that a later render reads unchanged answers without a call. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
  /** answerHash(status, body): the fingerprint the adapter's /api/internal/site-reads answers with. */
  hash: string;
}

/** The twin of api-adapter/src/content/events-routes.ts's answerHash. */
export const answerHash = (status: number, body: string) => createHash('sha1').update(`${status}\n${body}`).digest('hex');

async function storedAnswer(response: Response): Promise<StoredAnswer> {
  const body = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body,
    hash: answerHash(response.status, body),
  };
}

/** The key of an API read: its address without the cache-busting `_t` the site's client adds to every GET. */
export function readKey(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('_t');
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
}

/** What a page (or a memoized value) read: `deps` directly (answers' keys, `memo:` + memoized values' keys), `urls` all answers behind it. */
interface Scope {
  deps: Set<string>;
  urls: Set<string>;
}

interface MemoEntry {
  value: Promise<unknown>;
  urls: Set<string>;
  load: () => Promise<unknown>;
  /** propsFingerprint of the value once it has loaded. */
  fingerprint?: string;
}

/**
 * A memoized value of an earlier generation, kept to tell whether it changed: its answers and fingerprint, and its
 * load when this process ran it (a value restored from disk has none: refresh's `recompute` renders a page that uses it).
 */
export interface EarlierMemo {
  urls: Set<string>;
  fingerprint: string | undefined;
  load?: () => Promise<unknown>;
}

/** The dependency key of a memoized value. */
export const memoDep = (key: string) => `memo:${key}`;

/**
 * Records which API answers and memoized values each page read, and serves those answers again to later renders.
 *
 * Reads go through fetch (the site's one HTTP client) and through the site's build memo (build-memo.ts). A page that
 * uses a memoized value depends on that value, not on every answer behind it: the national item pages each look up
 * one culture item in the list of all of them, and a change of another item must not render 1,557 pages again. So
 * after a refresh each memoized value whose answers changed is computed again and compared by its fingerprint.
 * `refresh()` starts a new render generation: no memoized value survives it (an unpublished item must leave every
 * list it was in).
 */
export class BuildReads {
  private readonly scope = new AsyncLocalStorage<Scope>();
  private memo = new Map<string, MemoEntry>();
  /** Memoized values of earlier generations not loaded in this one (still valid: their answers did not change). */
  private earlier = new Map<string, EarlierMemo>();
  /** Answers by read key; `fresh` marks those fetched (or checked) in this generation. */
  readonly answers = new Map<string, StoredAnswer>();
  private fresh = new Set<string>();
  private readonly realFetch: typeof fetch;
  /** How to load memoized values by key (build-memo.ts memoized, memoizedBy): exact keys, and families ending in ':'. */
  private readonly loaders = new Map<string, (arg: string) => Promise<unknown>>();
  /** The site's other render-time caches (build-memo.ts resetWithEachRender), emptied with each new generation. */
  private readonly resets: Array<() => void> = [];

  constructor(realFetch: typeof fetch) {
    this.realFetch = realFetch;
  }

  /** Runs work with its reads collected in a set of its own (a page, or the list of paths). */
  async collect<T>(work: () => Promise<T>): Promise<{ value: T; reads: Set<string> }> {
    const scope: Scope = { deps: new Set(), urls: new Set() };
    const value = await this.scope.run(scope, work);
    return { value, reads: scope.deps };
  }

  /** What a later process needs to go on from here (state.ts): the answers, and every memoized value's answers and fingerprint. */
  snapshot(): { answers: Map<string, StoredAnswer>; memo: Map<string, { urls: Set<string>; fingerprint: string | undefined }> } {
    const memo = new Map<string, { urls: Set<string>; fingerprint: string | undefined }>();
    for (const [key, { urls, fingerprint }] of this.earlier) memo.set(key, { urls, fingerprint });
    for (const [key, { urls, fingerprint }] of this.memo) memo.set(key, { urls, fingerprint });
    return { answers: this.answers, memo };
  }

  /** Goes on from a snapshot of another process: its answers (checked again by the next refresh) and memoized values. */
  restore(snapshot: ReturnType<BuildReads['snapshot']>): void {
    for (const [key, answer] of snapshot.answers) this.answers.set(key, answer);
    this.earlier = new Map(snapshot.memo);
  }

  /** The build memo's hook: how to load a key, or every key of a family (`family:`), when no caller has in this process. */
  define(key: string, load: (arg: string) => Promise<unknown>): void {
    this.loaders.set(key, load);
  }

  private loaderOf(key: string): (() => Promise<unknown>) | undefined {
    const exact = this.loaders.get(key);
    if (exact) return () => exact('');
    const colon = key.indexOf(':');
    const family = colon < 0 ? undefined : this.loaders.get(key.slice(0, colon + 1));
    return family && (() => family(key.slice(colon + 1)));
  }

  onNewGeneration(reset: () => void): void {
    this.resets.push(reset);
  }

  /** The build memo's hook: one load per key and generation; the caller depends on the value. */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.memo.get(key);
    if (!entry) {
      const scope: Scope = { deps: new Set(), urls: new Set() };
      const created: MemoEntry = { value: this.scope.run(scope, load), urls: scope.urls, load };
      created.value = created.value.then((value) => {
        created.fingerprint = propsFingerprint(value);
        return value;
      });
      entry = created;
      this.memo.set(key, entry);
    }
    const { value, urls } = entry;
    const caller = this.scope.getStore();
    caller?.deps.add(memoDep(key));
    return (value as Promise<T>).then((result) => {
      for (const url of urls) caller?.urls.add(url);
      return result;
    });
  }

  /** The fetch the site's client uses in the render service: records the read; a fresh stored answer is reused. */
  readonly fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method !== 'GET') return this.realFetch(request);
    const key = readKey(request.url);
    const scope = this.scope.getStore();
    scope?.deps.add(key);
    scope?.urls.add(key);
    const stored = this.answers.get(key);
    if (stored && this.fresh.has(key)) return answerOf(stored);
    const answer = await storedAnswer(await this.realFetch(request));
    // Server errors are not kept: the client retries them, and a later render must ask again.
    if (answer.status < 500) {
      this.answers.set(key, answer);
      this.fresh.add(key);
    }
    return answerOf(answer);
  };

  /**
   * A new generation: memoized lists are dropped, and every stored answer is checked again. With the adapter's secret,
   * one call fingerprints them all and only the changed ones are read again; without it each is read again (a few
   * calls at a time). Returns the keys whose answer changed, and memoDep(key) of the memoized values that changed with
   * them (computed again now, in the new generation); unchanged answers are then served from memory. A memoized value
   * restored from disk is loaded by the load the site defined for its key, or else `recompute(key)` renders a page that uses it.
   */
  async refresh(
    origin: string,
    options: { secret?: string | undefined; parallel?: number; recompute?: (memoKey: string) => Promise<void> } = {},
  ): Promise<Set<string>> {
    const previousMemo = new Map(this.earlier);
    for (const [key, { urls, fingerprint, load }] of this.memo) previousMemo.set(key, { urls, fingerprint, load });
    this.memo = new Map();
    this.earlier = new Map();
    this.fresh = new Set();
    for (const reset of this.resets) reset();
    let candidates = [...this.answers.keys()];
    if (options.secret) {
      const response = await this.realFetch(new URL('/api/internal/site-reads', origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-secret': options.secret },
        body: JSON.stringify({ keys: candidates }),
      });
      if (!response.ok) throw new Error(`检查 API 答复的变化失败：HTTP ${response.status}`);
      const { hashes } = ((await response.json()) as { data: { hashes: Record<string, string> } }).data;
      candidates = candidates.filter((key) => {
        const unchanged = hashes[key] === this.answers.get(key)?.hash;
        if (unchanged) this.fresh.add(key);
        return !unchanged;
      });
    }
    const changed = new Set<string>();
    let next = 0;
    const worker = async () => {
      while (next < candidates.length) {
        const key = candidates[next++]!;
        const answer = await storedAnswer(await this.realFetch(new URL(key, origin)));
        if (answer.status >= 500) throw new Error(`重新读取 ${key} 失败：HTTP ${answer.status}`);
        if (answer.hash !== this.answers.get(key)?.hash) changed.add(key);
        this.answers.set(key, answer);
        this.fresh.add(key);
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.parallel ?? 8, candidates.length) }, worker));
    // Values computed again from the new answers (in this generation's memo, so pages then share them).
    for (const [key, entry] of previousMemo) {
      if (![...entry.urls].some((url) => changed.has(url))) {
        this.earlier.set(key, entry);
        continue;
      }
      const load = entry.load ?? this.loaderOf(key);
      if (load) await this.collect(() => this.once(key, load));
      else if (!this.memo.has(key)) await options.recompute?.(key);
      // Not loaded again (no page uses it any more): counted as changed, which renders nothing.
      if (this.memo.get(key)?.fingerprint !== entry.fingerprint || !this.memo.has(key)) changed.add(memoDep(key));
    }
    return changed;
  }
}

const answerOf = (answer: StoredAnswer) =>
  new Response(answer.body, { status: answer.status, headers: answer.contentType ? { 'content-type': answer.contentType } : {} });

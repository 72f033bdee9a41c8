/** The messages between ./portal (SiteBuilder) and its render service (service.ts), over Node's IPC channel. */
export type ParentMessage = { type: 'update'; stage: string };

export type UpdateResult =
  | {
      kind: 'updated';
      /** Paths rendered again or for the first time, and paths removed. */
      rendered: string[];
      removed: string[];
      /** API answers that changed since the last render. */
      changedReads: number;
      /** A few of them (answers' keys, memo:… for memoized values), for the log. */
      changedSample: string[];
      /** A rendered heading uses a character the font slices lack and no supplementary slice could be cut: a full build should follow. */
      fontsStale: boolean;
      /** Heading characters new to the font, put into a supplementary slice (no full build needed). */
      fontCharsAdded: number;
      refreshedMs: number;
      totalMs: number;
    }
  | { kind: 'unsure'; reason: string; changedSample: string[] };

export type ServiceMessage =
  | { type: 'built'; pages: number }
  /** A resumed process has loaded the bundle and the state: it takes updates. */
  | { type: 'ready' }
  | { type: 'build-failed'; message: string }
  | { type: 'update-done'; result: UpdateResult }
  | { type: 'update-failed'; message: string };

/**
 * Build-time memo: a list is read once per build however many pages use it (Astro renders pages one after another).
 *
 * A long-lived render service (scripts/src/site-render/) renders pages again after a publish in the same process: it
 * installs a hook on globalThis that starts each render afresh (no list read for an earlier version survives) and
 * records which reads each page used. Without the hook (a plain `astro build`), one memo per process.
 */
export interface BuildMemoHook {
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Registers a reset to run before each new render generation. */
  onNewGeneration(reset: () => void): void;
  /**
   * How to load the value of a key (`key`), or of any key of a family (`family:` + its argument): a render process
   * started from disk loads again values that an earlier process memoized, to tell whether a publish changed them.
   */
  define?(key: string, load: (arg: string) => Promise<unknown>): void;
}

export const BUILD_MEMO_HOOK = Symbol.for('feiyi.build-memo');

const local = new Map<string, Promise<unknown>>();
const hook = () => (globalThis as { [BUILD_MEMO_HOOK]?: BuildMemoHook })[BUILD_MEMO_HOOK];

/**
 * A module-level cache filled while pages render (the islands' query cache, when they render on the server) is
 * emptied before each render generation of the render service: otherwise an island rendered after a publish would
 * show what it held before (an unpublished item still in the /culture grid). Nothing to do in a plain build.
 */
export function resetWithEachRender(reset: () => void): void {
  hook()?.onNewGeneration(reset);
}

export function buildOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const installed = hook();
  if (installed) return installed.once(key, load);
  let hit = local.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    local.set(key, hit);
  }
  return hit;
}

/** A memoized value with a fixed key, its load known to the render service whoever asks first. */
export function memoized<T>(key: string, load: () => Promise<T>): () => Promise<T> {
  hook()?.define?.(key, () => load());
  return () => buildOnce(key, load);
}

/** A family of memoized values keyed `family:arg`, loaded from the argument alone (so the render service can load any). */
export function memoizedBy<T>(family: string, load: (arg: string) => Promise<T>): (arg: string | number) => Promise<T> {
  hook()?.define?.(`${family}:`, load);
  return (arg) => buildOnce(`${family}:${arg}`, () => load(String(arg)));
}

/**
 * Which pages a change touches: those that read a changed API answer while rendering, those whose props (the data
 * getStaticPaths hands a page: a culture item's page gets its item so) changed, those that are new, and those that
 * are gone. Paths come with the fingerprint of their props. Pure, so that the rule can be tested apart from Astro.
 */
export interface PageChange {
  /** Pages to render again (read a changed answer) or for the first time (new paths). */
  render: string[];
  /** Paths no longer generated (an item unpublished or deleted): their files leave the site. */
  remove: string[];
}

export function affectedPages(
  readsByPage: ReadonlyMap<string, ReadonlySet<string>>,
  changedReads: ReadonlySet<string>,
  previousPaths: ReadonlyMap<string, string>,
  nextPaths: ReadonlyMap<string, string>,
): PageChange {
  const render: string[] = [];
  for (const [path, props] of nextPaths) {
    const reads = readsByPage.get(path);
    const before = previousPaths.get(path);
    if (before !== props || !reads || [...reads].some((read) => changedReads.has(read))) render.push(path);
  }
  const remove = [...previousPaths.keys()].filter((path) => !nextPaths.has(path));
  return { render: render.sort(), remove: remove.sort() };
}

/** The file a path is written to (build.format 'directory'): /a/b → a/b/index.html, /sitemap.xml → sitemap.xml. */
export function outputFileOf(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return 'index.html';
  if (trimmed === '404') return '404.html';
  if (/\.[a-z0-9]+$/i.test(trimmed)) return trimmed;
  return `${trimmed}/index.html`;
}

/** A stable fingerprint of a page's props (Maps and Sets by their entries); props that cannot be read: a new value each time. */
export function propsFingerprint(props: unknown): string {
  try {
    return JSON.stringify(props ?? null, (_key, value: unknown) =>
      value instanceof Map ? { map: [...value] } : value instanceof Set ? { set: [...value] } : value,
    );
  } catch {
    return `unreadable:${Math.random()}`;
  }
}

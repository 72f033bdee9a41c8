/**
 * The change log between published versions of the open data: which entries, items and inheritors were added,
 * corrected (field by field, before and after) or removed since the version the site served before. Pure: the
 * previous version's rows come in (build.ts reads them from the site being replaced), the new log goes out.
 */
import type { Cell, Row, Table } from './tables.ts';

/** The tables the log follows, by their primary key (one field each). */
export const LOGGED_TABLES = ['items', 'entries', 'inheritors'] as const;
export type LoggedTable = (typeof LOGGED_TABLES)[number];

export interface Correction {
  id: string;
  fields: Record<string, { before: Cell; after: Cell }>;
}

export interface TableChanges {
  added: string[];
  corrected: Correction[];
  removed: string[];
}

export interface Version {
  version: string;
  /** When this version was built (ISO 8601). */
  published: string;
  /** The version it is compared with; null for the first one (then nothing is listed as added). */
  previous: string | null;
  counts: Record<LoggedTable, number>;
  changes: Record<LoggedTable, TableChanges> | null;
}

export interface ChangeLog {
  /** Newest first. */
  versions: Version[];
}

/** How many versions the log keeps (older ones are in the older files people downloaded). */
export const KEPT_VERSIONS = 200;

/** The previous published version: its version name, the rows of the logged tables and its log. */
export interface PublishedVersion {
  version: string;
  rows: Record<LoggedTable, Row[]>;
  log: ChangeLog;
}

const keyOf = (table: Table) => table.primaryKey[0]!;

export function tableChanges(key: string, before: readonly Row[], after: readonly Row[]): TableChanges {
  const previous = new Map(before.map((row) => [String(row[key]), row]));
  const next = new Map(after.map((row) => [String(row[key]), row]));
  const added = [...next.keys()].filter((id) => !previous.has(id));
  const removed = [...previous.keys()].filter((id) => !next.has(id));
  const corrected: Correction[] = [];
  for (const [id, row] of next) {
    const old = previous.get(id);
    if (!old) continue;
    const fields: Correction['fields'] = {};
    for (const name of new Set([...Object.keys(old), ...Object.keys(row)])) {
      const was = old[name] ?? null;
      const now = row[name] ?? null;
      if (was !== now) fields[name] = { before: was, after: now };
    }
    if (Object.keys(fields).length > 0) corrected.push({ id, fields });
  }
  return { added, corrected, removed };
}

const isEmpty = (changes: TableChanges) => changes.added.length + changes.corrected.length + changes.removed.length === 0;

/**
 * The log after this build: unchanged (and the previous version name kept) when the data is the same as the
 * published version's; otherwise a new version first.
 */
export function nextChangeLog(
  tables: readonly Table[],
  previous: PublishedVersion | undefined,
  candidate: { version: string; published: string },
): { version: string; log: ChangeLog } {
  const logged = LOGGED_TABLES.map((name) => tables.find((table) => table.name === name)!);
  const counts = Object.fromEntries(logged.map((table) => [table.name, table.rows.length])) as Record<LoggedTable, number>;
  if (!previous) {
    return { version: candidate.version, log: { versions: [{ ...candidate, previous: null, counts, changes: null }] } };
  }
  const changes = Object.fromEntries(
    logged.map((table) => [table.name, tableChanges(keyOf(table), previous.rows[table.name as LoggedTable] ?? [], table.rows)]),
  ) as Record<LoggedTable, TableChanges>;
  if (Object.values(changes).every(isEmpty)) return { version: previous.version, log: previous.log };
  const version: Version = { ...candidate, previous: previous.version, counts, changes };
  return { version: candidate.version, log: { versions: [version, ...previous.log.versions].slice(0, KEPT_VERSIONS) } };
}

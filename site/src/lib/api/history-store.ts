/**
 * The local browse history: kept while logged out or when the server cannot take a record;
 * newest first, no duplicates, at most 50. Pure list rules here; storage at the edge.
 */
export const HISTORY_KEY = 'browseHistory';
export const HISTORY_CAP = 50;

export interface LocalBrowseRecord {
  browseType: string;
  browseId: number;
  browseTime: string;
}

/** Adds a record in front; an earlier record of the same thing is dropped; the list keeps the newest 50. */
export function addRecord(list: readonly LocalBrowseRecord[], record: LocalBrowseRecord, cap = HISTORY_CAP): LocalBrowseRecord[] {
  const rest = list.filter((r) => !(r.browseType === record.browseType && r.browseId === record.browseId));
  return [record, ...rest].slice(0, cap);
}

/** Reads a stored list, keeping only well-formed records (a damaged entry never breaks the page). */
export function parseRecords(raw: string | null): LocalBrowseRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (r): r is LocalBrowseRecord =>
          typeof r === 'object' &&
          r !== null &&
          typeof r.browseType === 'string' &&
          Number.isInteger(r.browseId) &&
          r.browseId > 0 &&
          typeof r.browseTime === 'string' &&
          !Number.isNaN(Date.parse(r.browseTime)),
      )
      .slice(0, HISTORY_CAP);
  } catch {
    return [];
  }
}

export function readLocalHistory(): LocalBrowseRecord[] {
  if (typeof window === 'undefined') return [];
  return parseRecords(window.localStorage.getItem(HISTORY_KEY));
}

export function keepLocally(record: LocalBrowseRecord): void {
  window.localStorage.setItem(HISTORY_KEY, JSON.stringify(addRecord(readLocalHistory(), record)));
}

export function clearLocalHistory(): void {
  window.localStorage.removeItem(HISTORY_KEY);
}

/**
 * The rules of the national-list browser (/minglu): which items a filter keeps, how many each choice would keep, and
 * how a filter reads from and writes to the address (so a filtered view can be shared).
 *
 * An item is kept when one of its entries matches the province, batch and new/extension choices together: 北京 +
 * 2008 + 扩展 keeps the items to which Beijing was added as an extension in 2008, not every item that has some
 * Beijing entry and some 2008 extension.
 */

export type EntryKind = 'new' | 'extension';
/** The province key of entries declared by national bodies (文化部, 中国艺术研究院 …), as the API names it. */
export const NATIONAL_BODIES = 'national';

export interface BrowserEntry {
  /** A province's short name, or NATIONAL_BODIES. */
  province: string;
  year: number;
  kind: EntryKind;
}

export interface BrowserItem {
  category: number;
  /** What the keyword is matched against: name, serial and slug ('京剧 Ⅳ-28 iv-28'), so 'IV-28' finds it too. */
  text: string;
  entries: BrowserEntry[];
}

export interface Filter {
  category?: number;
  province?: string;
  batch?: number;
  kind?: EntryKind;
  /** Part of the name or the serial. */
  q?: string;
}

export type Facet = 'category' | 'province' | 'batch' | 'kind';

const KIND_CODE: Record<EntryKind, string> = { new: 'n', extension: 'e' };

/** Entries as one attribute value: '北京 2006 n|national 2008 e'. */
export function encodeEntries(entries: readonly BrowserEntry[]): string {
  return entries.map((e) => `${e.province} ${e.year} ${KIND_CODE[e.kind]}`).join('|');
}

export function decodeEntries(value: string): BrowserEntry[] {
  if (!value) return [];
  return value.split('|').map((part) => {
    const [province = '', year = '0', kind = 'n'] = part.split(' ');
    return { province, year: Number(year), kind: kind === 'e' ? 'extension' : 'new' };
  });
}

function entryMatches(entry: BrowserEntry, filter: Filter, ignore?: Facet): boolean {
  return (
    (ignore === 'province' || filter.province === undefined || entry.province === filter.province) &&
    (ignore === 'batch' || filter.batch === undefined || entry.year === filter.batch) &&
    (ignore === 'kind' || filter.kind === undefined || entry.kind === filter.kind)
  );
}

function itemMatches(item: BrowserItem, filter: Filter, keyword: string, ignore?: Facet): boolean {
  if (ignore !== 'category' && filter.category !== undefined && item.category !== filter.category) return false;
  if (keyword && !item.text.toLowerCase().includes(keyword)) return false;
  return item.entries.some((entry) => entryMatches(entry, filter, ignore));
}

/** Which items the filter keeps (one boolean per item, in order). */
export function applyFilter(items: readonly BrowserItem[], filter: Filter): boolean[] {
  const keyword = (filter.q ?? '').trim().toLowerCase();
  return items.map((item) => itemMatches(item, filter, keyword));
}

/**
 * How many items each choice of a facet would keep, the other facets as they are (the numbers beside the
 * options): for 'province', a map from each province to the count of items kept if it were chosen.
 */
export function facetCounts(items: readonly BrowserItem[], filter: Filter, facet: Facet): Map<string, number> {
  const keyword = (filter.q ?? '').trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const item of items) {
    if (!itemMatches(item, filter, keyword, facet)) continue;
    const values = new Set<string>();
    if (facet === 'category') values.add(String(item.category));
    else {
      for (const entry of item.entries) {
        if (!entryMatches(entry, filter, facet)) continue;
        values.add(facet === 'province' ? entry.province : facet === 'batch' ? String(entry.year) : entry.kind);
      }
    }
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** The choices a page offers; anything else in an address is ignored. */
export interface Choices {
  categories: ReadonlySet<number>;
  /** Short province names, and NATIONAL_BODIES. */
  provinces: ReadonlySet<string>;
  batches: ReadonlySet<number>;
}

/** A province as written in an address: its short name, or a full name (北京市, 广西壮族自治区). */
function provinceOf(value: string, provinces: ReadonlySet<string>): string | undefined {
  const name = value.trim();
  if (provinces.has(name)) return name;
  let best: string | undefined;
  for (const province of provinces) {
    if (province !== NATIONAL_BODIES && name.startsWith(province) && province.length > (best?.length ?? 0)) best = province;
  }
  return best;
}

function numberOf(value: string | null, allowed: ReadonlySet<number>): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value);
  return allowed.has(n) ? n : undefined;
}

/** ?category=67&province=北京&batch=2006&kind=new&q=京剧 → the filter; unknown values are dropped. */
export function readFilter(search: string, choices: Choices): Filter {
  const params = new URLSearchParams(search);
  const filter: Filter = {};
  const category = numberOf(params.get('category'), choices.categories);
  if (category !== undefined) filter.category = category;
  const province = params.get('province');
  const provinceName = province ? provinceOf(province, choices.provinces) : undefined;
  if (provinceName) filter.province = provinceName;
  const batch = numberOf(params.get('batch'), choices.batches);
  if (batch !== undefined) filter.batch = batch;
  const kind = params.get('kind');
  if (kind === 'new' || kind === 'extension') filter.kind = kind;
  const q = params.get('q')?.trim().slice(0, 40);
  if (q) filter.q = q;
  return filter;
}

/** The filter as a query string ('' without any choice), in a fixed order. */
export function writeFilter(filter: Filter): string {
  const params = new URLSearchParams();
  if (filter.category !== undefined) params.set('category', String(filter.category));
  if (filter.province) params.set('province', filter.province);
  if (filter.batch !== undefined) params.set('batch', String(filter.batch));
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The address of the browser with a filter (province and category pages link here). */
export function mingluBrowserHref(filter: Filter): string {
  return `/minglu${writeFilter(filter)}`;
}

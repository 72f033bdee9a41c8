import { pinyin } from 'pinyin-pro';
import { compareHits, foldBrackets, isNameMatch, nameForms, type HitRank } from './rank.ts';

export interface Searchable {
  id: number;
  title: string;
  description: string;
  content: string;
  tagNames: readonly string[];
  viewCount: number;
}

interface Entry<T> {
  item: T;
  order: number;
  kind: number;
  title: string;
  /** The title's other forms (格萨（斯）尔: 格萨尔, 格萨斯尔), indexed so a keyword in any of them finds it. */
  titleForms: string;
  titlePinyin: string;
  titleInitials: string;
  tags: string;
  description: string;
  content: string;
}

/** Lower-case letters and digits only: "Jing Ju" and "jing'ju" both become "jingju". */
const asciiKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export function titlePinyin(title: string): { full: string; initials: string } {
  const han = title.replace(/[（(].*?[）)]/g, '');
  return {
    full: asciiKey(pinyin(han, { toneType: 'none', type: 'array' }).join('')),
    initials: asciiKey(pinyin(han, { pattern: 'first', toneType: 'none', type: 'array' }).join('')),
  };
}

/** Lower case, one space between words, brackets in the list's full width (格萨(斯)尔 → 格萨（斯）尔). */
export function normalizeKeyword(keyword: string): string {
  return foldBrackets(keyword.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200));
}

const folded = (text: string) => foldBrackets(text.toLowerCase());

/** The distinct one- and two-character pieces of a text: a document holds a keyword only if it holds all of the keyword's pieces. */
function grams(text: string, into: Set<string>): void {
  let previous = '';
  for (const char of text) {
    into.add(char);
    if (previous) into.add(previous + char);
    previous = char;
  }
}

/** Sorted document numbers present in both sorted lists. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i += 1;
    else if (a[i]! > b[j]!) j += 1;
    else {
      both.push(a[i]!);
      i += 1;
      j += 1;
    }
  }
  return both;
}

/** Documents holding every piece of the text, rarest piece first. */
function candidatesIn(postings: ReadonlyMap<string, number[]>, text: string): number[] {
  const pieces = new Set<string>();
  const chars = [...text];
  if (chars.length === 1) pieces.add(chars[0]!);
  for (let i = 1; i < chars.length; i += 1) pieces.add(chars[i - 1]! + chars[i]!);
  const lists: number[][] = [];
  for (const piece of pieces) {
    const list = postings.get(piece);
    if (!list) return [];
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  let result = lists[0] ?? [];
  for (const list of lists.slice(1)) {
    if (result.length === 0) break;
    result = intersect(result, list);
  }
  return result;
}

/** Sorted union of two sorted lists. */
function union(a: readonly number[], b: readonly number[]): number[] {
  const all: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) all.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) all.push(b[j++]!);
    else {
      all.push(a[i++]!);
      j += 1;
    }
  }
  return all;
}

/** Everything an entry's derived strings and pieces are made from: equal texts, equal entries. */
const searchableText = (item: Searchable) =>
  `${item.title}\u0001${item.tagNames.join('\u0002')}\u0001${item.description}\u0001${item.content}`;

/** The entries of one kind, with the index of their pieces (entry numbers within the segment). */
interface Segment<T> {
  kind: number;
  entries: Entry<T>[];
  texts: string[];
  postings: Map<string, number[]>;
}

function entryOf<T extends Searchable>(item: T, order: number, kind: number): Entry<T> {
  const { full, initials } = titlePinyin(item.title);
  const title = folded(item.title);
  return {
    item,
    order,
    kind,
    title,
    titleForms: nameForms(item.title)
      .filter((form) => form !== title)
      .join('\n'),
    titlePinyin: full,
    titleInitials: initials,
    // A tag in any of its forms: an inheritor's item 格萨（斯）尔 is found by 格萨尔.
    tags: item.tagNames.flatMap((tag) => nameForms(tag)).join('\n'),
    description: folded(item.description),
    content: folded(item.content),
  };
}

function postingsOf(entries: readonly Entry<unknown>[]): Map<string, number[]> {
  const postings = new Map<string, number[]>();
  const pieces = new Set<string>();
  entries.forEach((entry, n) => {
    pieces.clear();
    for (const text of [
      entry.title,
      entry.titleForms,
      entry.titlePinyin,
      entry.titleInitials,
      entry.tags,
      entry.description,
      entry.content,
    ])
      grams(text, pieces);
    for (const piece of pieces) {
      const list = postings.get(piece);
      if (list) list.push(n);
      else postings.set(piece, [n]);
    }
  });
  return postings;
}

const sameTexts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * Keyword search over title, tags, description and content, with full pinyin and initials on
 * titles ("jingju", "jj" find 京剧). Matching is plain substring search, so regex or SQL
 * metacharacters in a keyword are just characters; brackets match in either width. Hits are ordered
 * by compareHits (rank.ts): a hit named as the keyword first, then by kind (`kindOf`, the order
 * kinds are listed in), then title hits, pinyin, tags, description and content, then more viewed
 * items first, then in the order given.
 *
 * An index of one- and two-character pieces narrows each search to the documents that hold every
 * piece of the keyword (a superset of the hits); only those are matched, so a search over tens of
 * thousands of documents costs what the few candidates cost.
 *
 * Each kind has an index of its own. Given the `previous` index (the content's last copy), a kind whose
 * texts are all unchanged keeps that index and only takes the new items: an editor's publish of one
 * article then indexes the articles again, not the national list's 5,500 items and inheritors (≈ 170 ms
 * of an adapter's event loop on every publish). Reuse goes by the texts themselves, so it cannot be stale.
 */
export class SearchIndex<T extends Searchable> {
  private readonly segments: Segment<T>[] = [];
  /** The kinds whose index was kept from `previous` (their texts unchanged). */
  readonly keptKinds: number[] = [];

  constructor(items: readonly T[], options: { kindOf?: (item: T) => number; previous?: SearchIndex<T> | undefined } = {}) {
    const byKind = new Map<number, Array<{ item: T; order: number }>>();
    items.forEach((item, order) => {
      const kind = options.kindOf?.(item) ?? 0;
      const members = byKind.get(kind);
      if (members) members.push({ item, order });
      else byKind.set(kind, [{ item, order }]);
    });
    for (const [kind, members] of byKind) {
      const texts = members.map(({ item }) => searchableText(item));
      const kept = options.previous?.segments.find((segment) => segment.kind === kind && sameTexts(segment.texts, texts));
      if (kept) {
        const entries = members.map(({ item, order }, n) => ({ ...kept.entries[n]!, item, order }));
        this.segments.push({ kind, entries, texts: kept.texts, postings: kept.postings });
        this.keptKinds.push(kind);
      } else {
        const entries = members.map(({ item, order }) => entryOf(item, order, kind));
        this.segments.push({ kind, entries, texts, postings: postingsOf(entries) });
      }
    }
  }

  get size(): number {
    return this.segments.reduce((sum, segment) => sum + segment.entries.length, 0);
  }

  search(keyword: string): T[] {
    const needle = normalizeKeyword(keyword);
    if (!needle) return [];
    const ascii = asciiKey(needle);
    const isPinyinQuery = ascii.length > 0 && /^[a-z0-9\s']+$/.test(needle);
    const ranked: Array<HitRank & { item: T }> = [];
    for (const segment of this.segments) {
      let candidates = candidatesIn(segment.postings, needle);
      if (isPinyinQuery && ascii !== needle) candidates = union(candidates, candidatesIn(segment.postings, ascii));
      for (const n of candidates) {
        const entry = segment.entries[n]!;
        const place = this.place(entry, needle, isPinyinQuery ? ascii : '');
        if (place < 0) continue;
        const nameMatch = isNameMatch(entry.item.title, needle) || (isPinyinQuery && entry.titlePinyin === ascii);
        ranked.push({ nameMatch, kind: entry.kind, place, viewCount: entry.item.viewCount, order: entry.order, item: entry.item });
      }
    }
    ranked.sort(compareHits);
    return ranked.map((r) => r.item);
  }

  /** Where the keyword is: 0 the title, 1 its start, 2 within it (or another of its forms) … 8 the content; -1 nowhere. */
  private place(entry: Entry<T>, needle: string, ascii: string): number {
    if (entry.title === needle) return 0;
    if (entry.title.startsWith(needle)) return 1;
    if (entry.title.includes(needle) || entry.titleForms.includes(needle)) return 2;
    if (ascii) {
      if (entry.titlePinyin === ascii || entry.titleInitials === ascii) return 3;
      if (entry.titlePinyin.startsWith(ascii) || (ascii.length >= 2 && entry.titleInitials.startsWith(ascii))) return 4;
      if (ascii.length >= 3 && entry.titlePinyin.includes(ascii)) return 5;
    }
    if (entry.tags.includes(needle)) return 6;
    if (entry.description.includes(needle)) return 7;
    if (entry.content.includes(needle)) return 8;
    return -1;
  }
}

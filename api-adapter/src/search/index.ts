import { pinyin } from 'pinyin-pro';

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
  title: string;
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

export function normalizeKeyword(keyword: string): string {
  return keyword.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}

/**
 * Keyword search over title, tags, description and content, with full pinyin and initials on
 * titles ("jingju", "jj" find 京剧). Matching is plain substring search, so regex or SQL
 * metacharacters in a keyword are just characters. Title hits rank first, then pinyin, tags,
 * description and content; within a rank, more viewed items first.
 */
export class SearchIndex<T extends Searchable> {
  private readonly entries: Entry<T>[];

  constructor(items: readonly T[]) {
    this.entries = items.map((item) => {
      const { full, initials } = titlePinyin(item.title);
      return {
        item,
        title: item.title.toLowerCase(),
        titlePinyin: full,
        titleInitials: initials,
        tags: item.tagNames.join('\n').toLowerCase(),
        description: item.description.toLowerCase(),
        content: item.content.toLowerCase(),
      };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  search(keyword: string): T[] {
    const needle = normalizeKeyword(keyword);
    if (!needle) return [];
    const ascii = asciiKey(needle);
    const isPinyinQuery = ascii.length > 0 && /^[a-z0-9\s']+$/.test(needle);
    const ranked: Array<{ rank: number; item: T }> = [];
    for (const entry of this.entries) {
      const rank = this.rank(entry, needle, isPinyinQuery ? ascii : '');
      if (rank >= 0) ranked.push({ rank, item: entry.item });
    }
    ranked.sort((a, b) => a.rank - b.rank || b.item.viewCount - a.item.viewCount || a.item.id - b.item.id);
    return ranked.map((r) => r.item);
  }

  private rank(entry: Entry<T>, needle: string, ascii: string): number {
    if (entry.title === needle) return 0;
    if (entry.title.startsWith(needle)) return 1;
    if (entry.title.includes(needle)) return 2;
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

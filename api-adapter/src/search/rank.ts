/**
 * The order of search hits. A hit named as the keyword comes first (格萨尔 finds 格萨（斯）尔 before
 * 藏族格萨尔彩绘石刻), then hits by kind (the site's articles, then the list's items, then its inheritors),
 * then by where the keyword was found (title, pinyin, tags, description, content), then by views.
 */

/** Half-width brackets as full-width ones, the way the national list writes them: 格萨(斯)尔 → 格萨（斯）尔. */
export function foldBrackets(text: string): string {
  return text.replace(/\(/g, '（').replace(/\)/g, '）');
}

/**
 * The forms a name is known by, lower-case with brackets folded: as written, without its bracketed parts
 * and with only the brackets dropped. 格萨（斯）尔 → 格萨（斯）尔, 格萨尔, 格萨斯尔; 剪纸（蔚县剪纸） → …, 剪纸, ….
 */
export function nameForms(name: string): string[] {
  const written = foldBrackets(name.trim().toLowerCase());
  const forms = [written, written.replace(/（[^（）]*）/g, '').trim(), written.replace(/[（）]/g, '')];
  return [...new Set(forms)].filter(Boolean);
}

/**
 * Whether a keyword names the hit: the keyword is one of the title's forms, or the title one of the keyword's
 * (格萨（斯）尔 for a title 格萨尔). Brackets match in either width.
 */
export function isNameMatch(title: string, keyword: string): boolean {
  const wanted = foldBrackets(keyword.trim().toLowerCase());
  if (!wanted) return false;
  const written = foldBrackets(title.trim().toLowerCase());
  return nameForms(title).includes(wanted) || nameForms(wanted).includes(written);
}

/** What a hit is ranked by. */
export interface HitRank {
  /** The keyword names the hit (isNameMatch, or its title's full pinyin). */
  nameMatch: boolean;
  /** The hit's kind in the order kinds are listed (0 articles, 1 list items, 2 inheritors). */
  kind: number;
  /** Where the keyword was found: 1 title start … 8 content (lower first). */
  place: number;
  viewCount: number;
  /** The hit's position in the index (articles, then items, then inheritors, each in its own order). */
  order: number;
}

/** Sort order of two hits (negative: a first). */
export function compareHits(a: HitRank, b: HitRank): number {
  return (
    Number(b.nameMatch) - Number(a.nameMatch) || a.kind - b.kind || a.place - b.place || b.viewCount - a.viewCount || a.order - b.order
  );
}

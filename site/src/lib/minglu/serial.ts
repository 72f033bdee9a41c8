/**
 * National-list serials (Ⅳ-28) and their URL slugs (iv-28): the Roman numeral of the category in
 * lower-case Latin letters, then the number (the decided route /minglu/{slug}).
 */
const NUMERALS = ['Ⅰ', 'Ⅱ', 'Ⅲ', 'Ⅳ', 'Ⅴ', 'Ⅵ', 'Ⅶ', 'Ⅷ', 'Ⅸ', 'Ⅹ'] as const;
const LATIN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x'] as const;

const SERIAL = /^([ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩ])-([1-9]\d*)$/;
const SLUG = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x)-([1-9]\d*)$/;

export function serialSlug(serial: string): string {
  const match = SERIAL.exec(serial.trim());
  if (!match) throw new Error(`不是国家级名录编号：${serial}`);
  return `${LATIN[NUMERALS.indexOf(match[1] as (typeof NUMERALS)[number])]}-${match[2]}`;
}

/** The serial a slug names, or undefined for anything else. */
export function serialFromSlug(slug: string): string | undefined {
  const match = SLUG.exec(slug.trim().toLowerCase());
  if (!match) return undefined;
  return `${NUMERALS[LATIN.indexOf(match[1] as (typeof LATIN)[number])]}-${match[2]}`;
}

export function mingluPath(serial: string): string {
  return `/minglu/${serialSlug(serial)}`;
}

/** The item page of a serial that may be missing or malformed (an editor's typo): undefined then. */
export function listItemPath(serial: string | null | undefined): string | undefined {
  return serial && SERIAL.test(serial.trim()) ? mingluPath(serial) : undefined;
}

/** List order: by category numeral, then by number (Ⅰ-2 before Ⅰ-10 before Ⅱ-1). */
export function compareSerials(a: string, b: string): number {
  const [, na = '', xa = '0'] = SERIAL.exec(a) ?? [];
  const [, nb = '', xb = '0'] = SERIAL.exec(b) ?? [];
  const byNumeral = NUMERALS.indexOf(na as (typeof NUMERALS)[number]) - NUMERALS.indexOf(nb as (typeof NUMERALS)[number]);
  return byNumeral !== 0 ? byNumeral : Number(xa) - Number(xb);
}

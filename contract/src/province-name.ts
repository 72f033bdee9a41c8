// No zod here: the site's map imports this rule alone, without the schemas.

// Longest first: 新疆维吾尔自治区 loses 维吾尔自治区, not only 自治区.
const SUFFIXES = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|省|市)$/;

/**
 * The map's simplified name: the suffix (省, 市, 自治区, 特别行政区) and the ethnic name before it removed,
 * 广西壮族自治区 → 广西. A name already short stays as it is. The site's /area?province= and the adapter's lookup use it.
 */
export function simplifyProvinceName(name: string): string {
  return name.trim().replace(SUFFIXES, '');
}

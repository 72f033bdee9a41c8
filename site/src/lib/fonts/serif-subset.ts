/**
 * Which characters the heading font must hold, and how to cut them into files (DESIGN.md: the serif web font is
 * subset at build time to the characters the pages actually set in it; one page must not fetch megabytes).
 *
 * The built CSS says which selectors use the serif family; the built HTML says which text those elements hold.
 * Characters are then cut into slices by how many pages use them (the most shared first), each slice declared with
 * its own unicode-range, so a page downloads only the slices its own headings need.
 */

/** Tags and class names whose text is set in the serif family, read from the built CSS. */
export interface SerifSelectors {
  tags: Set<string>;
  classes: Set<string>;
}

const SERIF_FAMILY = /font-family\s*:\s*var\(--font-serif\)/;

/**
 * Reads the selectors of every CSS rule that sets `font-family: var(--font-serif)`. Only the last compound of each
 * selector matters (`.fan-card h3` → h3): reading more than needed only adds characters, never loses one.
 */
export function serifSelectors(css: string): SerifSelectors {
  const tags = new Set<string>();
  const classes = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const [, selectorList = '', body = ''] = match;
    if (!SERIF_FAMILY.test(body)) continue;
    for (const selector of selectorList.split(',')) {
      const compounds = selector.trim().split(/[\s>+~]+/);
      const last = (compounds[compounds.length - 1] ?? '').replace(/::?[a-z-]+(\([^)]*\))?/gi, '');
      const tag = /^[a-z][a-z0-9]*/i.exec(last)?.[0];
      if (tag) tags.add(tag.toLowerCase());
      for (const name of last.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add(name[1]!.replace(/\\(.)/g, '$1'));
    }
  }
  return { tags, classes };
}

/** A selector list cut at its top-level commas (a comma inside :is(…) or [attr="a,b"] stays). */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const char = list[i]!;
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/**
 * The whole selectors of every CSS rule that sets `font-family: var(--font-serif)`, as written (at-rule wrappers such
 * as @media are not kept: a selector that is serif anywhere may take the font's name everywhere it applies).
 */
export function serifRuleSelectors(css: string): string[] {
  const found = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const [, selectorList = '', body = ''] = match;
    if (!SERIF_FAMILY.test(body)) continue;
    for (const selector of splitSelectors(selectorList.replace(/^[^{}]*;/, ''))) if (!selector.startsWith('@')) found.add(selector);
  }
  return [...found];
}

/** The value the built CSS gives a custom property (the theme's font stack), or undefined. */
export function customProperty(css: string, name: string): string | undefined {
  return new RegExp(`${name.replace(/-/g, '\\-')}\\s*:\\s*([^;}]+)`).exec(css)?.[1]?.trim();
}

/**
 * The rule that puts the build's font first in the serif elements' stack once html[data-serif] is set: the serif
 * elements themselves get a new --font-serif (their own font-family rules read it), so only they and their contents
 * are restyled and laid out again — not every element of the page, as a change of the root's property would do —
 * and the cascade that decided each element's family is left as it was.
 */
export function serifSwitchCss(selectors: readonly string[], family: string, fallback: string): string {
  if (selectors.length === 0) return '';
  return `${selectors.map((selector) => `html[data-serif] ${selector}`).join(',')}{--font-serif:'${family}',${fallback}}`;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'template', 'noscript']);

/** Whether a character needs a CJK glyph from the web font (ASCII and Latin use the fallback's). */
export function isCjk(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x2e80;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return whole;
  });
}

/** The CJK characters of one page's text that sits inside a serif element (at any depth). */
export function serifCharacters(html: string, selectors: SerifSelectors): Set<string> {
  const found = new Set<string>();
  // Each open element: whether it (or an ancestor) is set in serif.
  const stack: Array<{ tag: string; serif: boolean }> = [];
  const tagPattern = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let position = 0;
  const addText = (text: string) => {
    if (!stack.length || !stack[stack.length - 1]!.serif) return;
    for (const char of decodeEntities(text)) if (isCjk(char)) found.add(char);
  };
  for (let match = tagPattern.exec(html); match; match = tagPattern.exec(html)) {
    addText(html.slice(position, match.index));
    position = tagPattern.lastIndex;
    const [whole, closing, rawTag, attributes = ''] = match;
    if (!rawTag) continue; // a comment
    const tag = rawTag.toLowerCase();
    if (closing) {
      const at = stack.map((open) => open.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      continue;
    }
    if (RAW_TEXT.has(tag)) {
      const end = html.indexOf(`</${tag}`, position);
      position = end < 0 ? html.length : end;
      tagPattern.lastIndex = position;
      continue;
    }
    if (VOID_ELEMENTS.has(tag) || whole.endsWith('/>')) continue;
    const classAttribute = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
    const classNames = (classAttribute?.[1] ?? classAttribute?.[2] ?? '').split(/\s+/);
    const inherited = stack.length > 0 && stack[stack.length - 1]!.serif;
    const serif = inherited || selectors.tags.has(tag) || classNames.some((name) => selectors.classes.has(name));
    stack.push({ tag, serif });
  }
  addText(html.slice(position));
  return found;
}

/**
 * Orders the characters so that each page needs few slices, then cuts them into slices of at most `sliceSize`.
 * Characters that many pages share come first (the slices nearly every page loads); every other character follows
 * the first page that uses it, taking the pages with the most heading text first, so that a long page's characters
 * sit together instead of being spread over every slice (measured on the built site: the largest page went from
 * every slice to a third of them). `pages` holds each page's characters in a stable order (by path); ties go by
 * that order and by code point, so the same site gives the same files from build to build.
 */
export function sliceByUse(pages: ReadonlyArray<ReadonlySet<string>>, sliceSize: number, sharedShare = 0.02): string[][] {
  const pagesUsing = new Map<string, number>();
  for (const chars of pages) for (const char of chars) pagesUsing.set(char, (pagesUsing.get(char) ?? 0) + 1);
  const byUse = (a: string, b: string) => pagesUsing.get(b)! - pagesUsing.get(a)! || a.codePointAt(0)! - b.codePointAt(0)!;
  const sharedFrom = Math.max(2, Math.ceil(pages.length * sharedShare));
  const ordered = [...pagesUsing.keys()].filter((char) => pagesUsing.get(char)! >= sharedFrom).sort(byUse);
  const placed = new Set(ordered);
  const longestFirst = pages.map((chars, index) => ({ chars, index })).sort((a, b) => b.chars.size - a.chars.size || a.index - b.index);
  for (const { chars } of longestFirst) {
    const own = [...chars].filter((char) => !placed.has(char)).sort(byUse);
    for (const char of own) placed.add(char);
    ordered.push(...own);
  }
  const slices: string[][] = [];
  for (let start = 0; start < ordered.length; start += sliceSize) {
    slices.push(ordered.slice(start, start + sliceSize).sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!));
  }
  return slices;
}

/** How many of the slices one page's characters touch (what it downloads). */
export function slicesNeeded(chars: ReadonlySet<string>, slices: ReadonlyArray<readonly string[]>): number {
  return slices.filter((slice) => slice.some((char) => chars.has(char))).length;
}

/** A CSS unicode-range for a set of characters: consecutive code points merged into ranges. */
export function unicodeRange(chars: readonly string[]): string {
  const codes = [...new Set(chars.map((char) => char.codePointAt(0)!))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    const hex = (code: number) => code.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(codes[i]!)}` : `U+${hex(codes[i]!)}-${hex(codes[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** One @font-face per slice, all under one family name. */
export function fontFaceCss(family: string, weight: string, files: ReadonlyArray<{ url: string; chars: readonly string[] }>): string {
  return files
    .map(
      ({ url, chars }) =>
        `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(${url}) format('woff2');unicode-range:${unicodeRange(chars)}}`,
    )
    .join('\n');
}

/**
 * The page with its heading characters on its <html> element (data-serif-text, in code point order): what the page's
 * script asks the font for once the page has loaded. A page without serif text is returned as it was.
 */
export function withSerifText(html: string, chars: ReadonlySet<string>): string {
  if (chars.size === 0) return html;
  const text = [...chars].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join('');
  return html.replace(/<html(?=[\s>])/i, `<html data-serif-text="${text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
}

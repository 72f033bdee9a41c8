/**
 * Card texts: the culture list previews the first 50 characters, search the first
 * 100; a text longer than 100 characters gets a 'show more' button. Characters are counted as a
 * reader sees them (an emoji or a rare 汉字 outside the BMP is one), never cut in half.
 */
export const LIST_PREVIEW_CHARS = 50;
export const SEARCH_PREVIEW_CHARS = 100;
export const SHOW_MORE_OVER = 100;

const chars = (text: string) => Array.from(text.replace(/\s+/g, ' ').trim());

export function previewText(text: string | null | undefined, limit = LIST_PREVIEW_CHARS): string {
  const all = chars(text ?? '');
  return all.length > limit ? `${all.slice(0, limit).join('')}…` : all.join('');
}

export function needsShowMore(text: string | null | undefined): boolean {
  return chars(text ?? '').length > SHOW_MORE_OVER;
}

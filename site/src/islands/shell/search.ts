/** Search rules: 500 ms after the last keystroke or at once on Enter; blank input calls nothing. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_PREVIEW_CHARS = 100;

/** The keyword to send, or undefined when the input is empty or blank (no call, results cleared). */
export function searchTerm(input: string): string | undefined {
  const term = input.trim();
  return term ? term : undefined;
}

/** The deep link of a culture item: its static page opens its detail. */
export const cultureItemHref = (id: number) => `/culture/item/${id}`;

export function viewCountText(count: number): string {
  return count >= 10_000 ? `浏览 ${(count / 10_000).toFixed(1).replace(/\.0$/, '')} 万` : `浏览 ${count}`;
}

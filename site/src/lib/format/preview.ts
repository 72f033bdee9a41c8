/**
 * A text preview: whitespace collapsed, the first `max` characters (counted as the reader sees them, so a
 * character outside the BMP is one), and '…' when something was cut. 50 on culture cards, 100 in search results.
 */
export function preview(text: string | null | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : flat;
}

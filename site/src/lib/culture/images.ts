/**
 * A culture item's pictures come as one string of newline-separated URLs; only those starting
 * with http are used. Blank lines, surrounding spaces and repeats are dropped.
 */
export function imageUrls(images: string | null | undefined): string[] {
  if (!images) return [];
  const urls = images
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('http'));
  return [...new Set(urls)];
}

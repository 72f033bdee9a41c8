/**
 * A favourite's pictures: one string of URLs separated by whitespace (newlines too), semicolons or
 * commas; only those starting with http are used. A product's images come as a JSON array string, which is read
 * as such. Repeats are dropped, order is kept.
 */
export function splitImages(images: string | null | undefined): string[] {
  const text = images?.trim();
  if (!text) return [];
  const parts = text.startsWith('[') ? jsonList(text) : text.split(/[\s;,；，]+/);
  return [...new Set(parts.map((part) => part.trim()).filter((part) => /^https?:\/\//i.test(part)))];
}

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    // Not JSON after all: read it as a separated list.
    return text.split(/[\s;,；，[\]"]+/);
  }
}

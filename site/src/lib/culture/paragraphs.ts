/** The paragraphs of an article's content (the CMS's rich text: paragraphs on their own lines). */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

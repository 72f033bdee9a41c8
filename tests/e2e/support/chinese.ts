import { expect, type Page } from '@playwright/test';
import { DEMO } from '../../support/api.ts';

// What a reader of the admin meets, and the English words in it (tests/e2e/admin-chinese.spec.ts, history.spec.ts).

/**
 * Names that stay as they are: the product, file formats and sizes, keys on the keyboard; and the demo visitor's user
 * name, which is data (the suite's other visitors have digits in theirs and are left out below).
 */
export const ALLOWED = new Set([
  'Strapi',
  'Markdown',
  'API',
  'URL',
  'JPG',
  'PNG',
  'WebP',
  'MP',
  'MB',
  'Ctrl',
  'Cmd',
  'Shift',
  'Enter',
  'Alt',
  'SVG',
  DEMO.username,
  // A seed product's name (桃花坞年画AR贺卡), which the media library shows in its cover's file name.
  'AR',
]);

export async function readerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]'))) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(element.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/**
 * English words in the text. E-mail addresses, file extensions and codes with digits (order numbers such as
 * FY2026…, visitors' user names) are data, not the admin's wording; a file's name is read (the seed's are Chinese).
 */
export function englishWords(text: string): string[] {
  const words = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\.(svg|png|jpe?g|webp|gif|mp4)\b/gi, ' ')
    .replace(/[A-Za-z_]*[\d_][\w]*/g, ' ')
    .match(/[A-Za-z]{2,}/g);
  return [...new Set((words ?? []).filter((word) => !ALLOWED.has(word)))];
}

export async function expectChinese(page: Page, screen: string) {
  // Strapi fills a screen in steps (menu, then counts, then rows): read it once nothing is loading.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  // A loader's word may show for a moment; English that stays fails.
  await expect.poll(async () => englishWords(await readerText(page)), { message: screen, timeout: 10_000 }).toEqual([]);
}

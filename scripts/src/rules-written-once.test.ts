import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules the contract holds are written nowhere else: a copy of one in an app's code (tests aside, which state the
 * expected values themselves) fails here, naming the file and the contract module to import instead.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const APP_SOURCES = ['cms/src', 'cms/config', 'api-adapter/src', 'site/src', 'site/integrations', 'scripts/src'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.astro', '.cache']);

const COPIES: ReadonlyArray<{ rule: string; home: string; pattern: RegExp }> = [
  { rule: 'the mainland-mobile pattern', home: 'identity.ts', pattern: /1\[3-9\]\\d\{9\}/ },
  { rule: 'the ID-number format', home: 'identity.ts', pattern: /\\d\{17\}\[\\dX/ },
  { rule: 'ID-number masking', home: 'identity.ts', pattern: /\*{8}/ },
  { rule: 'name masking', home: 'identity.ts', pattern: /匿名\*\*/ },
  { rule: 'yuan to fen', home: 'money.ts', pattern: /Math\.round\(\s*(?:Number\()?[\w.()]*\s*\*\s*100\b/ },
  { rule: 'the order states', home: 'order-status.ts', pattern: /0:\s*'待支付'|order\.status === [012]\b/ },
  { rule: 'the avatar size limit', home: 'upload-rules.ts', pattern: /2 \* 1024 \* 1024/ },
  { rule: 'the media library size limit', home: 'upload-rules.ts', pattern: /20 \* 1024 \* 1024/ },
  { rule: 'province-name simplification', home: 'province-name.ts', pattern: /维吾尔自治区\|/ },
  { rule: 'the achievements', home: 'achievements.ts', pattern: /'初心善举'|'first_donation',\s*'donation_amount'/ },
];

function sourceFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(ROOT, file)
          .split(path.sep)
          .some((part) => SKIPPED_DIRS.has(part)),
    );
}

describe('rules written once, in contract/', () => {
  const files = APP_SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it('reads the apps’ sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const { rule, home, pattern } of COPIES) {
    it(`has no copy of ${rule} outside contract/src/${home}`, () => {
      const copies = files.filter((file) => pattern.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
      expect(copies).toEqual([]);
    });
  }
});

describe('comments in the code’s own words', () => {
  // The specification is not in this repository: a reference to one of its sections explains nothing to a reader.
  it('cites no section of the specification (“part N §M”)', () => {
    const sources = [...APP_SOURCES, 'contract/src', 'tests', 'scripts/bench'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.(ts|tsx|astro|mjs|css)$/.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter(
          (file) =>
            !path
              .relative(ROOT, file)
              .split(path.sep)
              .some((part) => SKIPPED_DIRS.has(part)),
        ),
    );
    const citing = sources.filter((file) => /part [12] §/.test(readFileSync(file, 'utf8'))).map((file) => path.relative(ROOT, file));
    expect(citing).toEqual([]);
  });
});

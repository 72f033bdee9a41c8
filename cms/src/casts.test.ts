import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The most type casts the CMS's own code may hold. A cast tells the compiler to trust the code rather than check it,
 * so each belongs at a boundary (Strapi's untyped answers, a request body) and new code should not add more.
 * This number may only go down: lower it when casts are removed, never raise it to let a new one in.
 */
const CAST_CEILING = 180;

const SRC = import.meta.dirname;

/** The CMS's own sources: .ts and .tsx under src/, without tests and generated types. */
function sources(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(SRC, file).split(path.sep).includes('generated'));
}

const isConst = (type: ts.TypeNode) => ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const';

/**
 * `x as T` and `<T>x`, found in the syntax tree (so comments and strings never count); `as const` is no cast, and an
 * import or export rename (`{ a as b }`) is no expression at all.
 */
export function countCasts(fileName: string, text: string): number {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  let count = 0;
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) count += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

describe('type casts in cms/src', () => {
  it('counts casts, not `as const`, renames, comments or strings', () => {
    const text = [
      "import { a as b } from './x';",
      'export { b as c };',
      'const one = value as unknown as Row;',
      'const two = <Row>value;',
      'const three = value as { id: number };',
      'const kept = [1, 2] as const;',
      "// value as Row, 'value as Row'",
      "const text = 'value as Row';",
    ].join('\n');
    expect(countCasts('sample.ts', text)).toBe(4);
    expect(countCasts('sample.tsx', 'const node = <div>{value as string}</div>;')).toBe(1);
  });

  it(`holds no more than ${CAST_CEILING} casts`, () => {
    const counts = sources()
      .map((file) => ({ file: path.relative(SRC, file), casts: countCasts(file, readFileSync(file, 'utf8')) }))
      .filter(({ casts }) => casts > 0)
      .sort((a, b) => b.casts - a.casts || a.file.localeCompare(b.file));
    const total = counts.reduce((sum, { casts }) => sum + casts, 0);
    const most = counts
      .slice(0, 15)
      .map(({ file, casts }) => `  ${String(casts).padStart(3)}  ${file}`)
      .join('\n');
    expect(
      total,
      `${total} casts in cms/src, more than the ceiling of ${CAST_CEILING}. The files with the most:\n${most}`,
    ).toBeLessThanOrEqual(CAST_CEILING);
  });
});

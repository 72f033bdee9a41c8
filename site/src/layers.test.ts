import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The site's layers: lib/ holds the rules and helpers, islands/ the interactive parts built on them. lib/ imports no
// island, and an island takes another island folder's components (one island composing another) but never its rules
// or helpers: logic two folders share lives in lib/, where the build's pages and components read it too.
const SRC = import.meta.dirname;
const LIB = path.join(SRC, 'lib');
const ISLANDS = path.join(SRC, 'islands');

interface Edge {
  from: string;
  to: string;
  /** The names the import takes, or undefined when it takes the module whole (`import(…)`, `export *`, `import * as`, side effects). */
  names: string[] | undefined;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|astro)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The file a relative specifier names, with the extension it may leave out; other specifiers (packages) are not followed. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx'].map((ext) => base + ext).find((file) => existsSync(file)) ?? base;
}

/** `A`, `{ B, type C as D }` or `A, { B }` → the names taken; undefined for `* as A` and `*`, which take the module whole. */
function importedNames(clause: string): string[] | undefined {
  if (/^\w+$/.test(clause)) return ['default'];
  const named = /^(?:(\w+)\s*,\s*)?\{([^}]*)\}$/.exec(clause);
  if (!named) return undefined;
  const names = named[2]!.split(',').map(
    (part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+/)[0]!,
  );
  return [...(named[1] ? ['default'] : []), ...names].filter(Boolean);
}

/** Every import of `file`: static, type-only, re-exports, side effects and `import(…)`. */
function imports(file: string): Edge[] {
  const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const edges: Edge[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm)) {
    edges.push({ from: file, to: resolve(file, match[2]!) ?? match[2]!, names: importedNames(match[1]!) });
  }
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    edges.push({ from: file, to: resolve(file, (match[1] ?? match[2])!) ?? (match[1] ?? match[2])!, names: undefined });
  }
  return edges;
}

/** The island folder a file belongs to (islands/<folder>/…), or undefined outside islands/. */
function islandFolder(file: string): string | undefined {
  const relative = path.relative(ISLANDS, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** A component: a .tsx module, taken whole or for its default export and PascalCase names (components, their props' types). */
function isComponentImport(edge: Edge): boolean {
  if (!edge.to.endsWith('.tsx')) return false;
  return edge.names === undefined || edge.names.every((name) => name === 'default' || /^[A-Z][a-z]/.test(name));
}

const show = (edge: Edge) => `${path.relative(SRC, edge.from)} → ${path.relative(SRC, edge.to)}`;

describe("the site's layers", () => {
  const libEdges = sources(LIB).flatMap(imports);
  const islandEdges = sources(ISLANDS).flatMap(imports);

  it('reads the imports of lib/ and islands/', () => {
    // Imports into lib/ and named imports of island modules are seen (the parsing works), so an empty list below means something.
    expect(islandEdges.some((edge) => edge.to.startsWith(LIB + path.sep))).toBe(true);
    expect(islandEdges.some((edge) => islandFolder(edge.to) !== undefined && edge.names?.length)).toBe(true);
    expect(libEdges.length).toBeGreaterThan(100);
  });

  it('lib/ imports nothing from islands/', () => {
    expect(libEdges.filter((edge) => islandFolder(edge.to) !== undefined).map(show)).toEqual([]);
  });

  it("an island takes only components from another island's folder; shared rules and helpers live in lib/", () => {
    const crossing = islandEdges.filter((edge) => {
      const target = islandFolder(edge.to);
      return target !== undefined && target !== islandFolder(edge.from) && !isComponentImport(edge);
    });
    expect(crossing.map(show)).toEqual([]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shell's script runs on every page, and the bundler puts a module whole into one chunk: whatever the shell's
// modules import at load time is JavaScript every page fetches. Twice a contract module slipped in (the whole message
// catalogue, then zod with the envelope schemas: 26–29 KB gzip on every page); this keeps the shell's static imports
// to its own modules, the zod-free contract modules (codes, the route table) and the per-domain messages.
const SITE = path.resolve(import.meta.dirname, '../../..');
const CONTRACT = path.resolve(SITE, '../contract/src');
const ENTRIES = ['src/islands/shell/header.ts', 'src/lib/api/rules.ts', 'src/lib/api/session.ts'].map((file) => path.join(SITE, file));

/** Files reached from `entry` through static imports and re-exports (`import(…)` loads later, on demand, and is left out). */
function staticGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    const targets = specifiers.map((specifier) => resolve(file, specifier));
    graph.set(file, targets);
    for (const target of targets) if (target.endsWith('.ts') && existsSync(target)) visit(target);
  };
  visit(entry);
  return graph;
}

function resolve(from: string, specifier: string): string {
  if (specifier.startsWith('@feiyi/contract/')) return path.join(CONTRACT, `${specifier.slice('@feiyi/contract/'.length)}.ts`);
  if (specifier === '@feiyi/contract') return path.join(CONTRACT, 'index.ts');
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return specifier;
}

describe("the shell's modules, loaded on every page", () => {
  it.each(ENTRIES.map((entry) => [path.relative(SITE, entry), entry]))('%s imports no zod and no schema at load time', (_, entry) => {
    const graph = staticGraph(entry);
    const packages = [...new Set([...graph.values()].flat().filter((target) => !path.isAbsolute(target)))];
    expect(packages).toEqual([]);
    const contractModules = [...graph.keys()].filter((file) => file.startsWith(CONTRACT)).map((file) => path.relative(CONTRACT, file));
    for (const module of contractModules) expect(module).toMatch(/^(codes|routes|messages|messages\/\w+)\.ts$/);
  });
});

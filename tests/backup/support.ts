import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { listFiles, packArchive, unpackArchive } from '../../scripts/src/backup/archive.ts';
import type { Manifest } from '../../scripts/src/backup/manifest.ts';
import type { TableSource } from '../../scripts/src/backup/tables.ts';

/** JSON with object keys sorted: PostgreSQL's jsonb keeps keys in its own order, SQLite's text in the writer's. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Every table of a database in portable form (each row a canonical JSON object keyed by column, sorted): what two databases are compared by. */
export async function tableContents(source: TableSource, skip: ReadonlySet<string> = new Set()): Promise<Map<string, string[]>> {
  const contents = new Map<string, string[]>();
  try {
    for (const table of await source.tables()) {
      if (skip.has(table.name)) continue;
      const rows: string[] = [];
      for await (const row of table.rows())
        rows.push(canonical(Object.fromEntries(table.columns.map((column, index) => [column.name, row[index]]))));
      contents.set(table.name, rows.sort());
    }
  } finally {
    await source.close();
  }
  return contents;
}

/** An archive's own rows, table by table, in the same form. */
export function archiveContents(dir: string, manifest: Manifest, skip: ReadonlySet<string> = new Set()): Map<string, string[]> {
  const contents = new Map<string, string[]>();
  for (const table of manifest.tables) {
    if (skip.has(table.name)) continue;
    const lines = readFileSync(path.join(dir, table.file), 'utf8').split('\n').filter(Boolean);
    contents.set(
      table.name,
      lines
        .map((line) => JSON.parse(line) as unknown[])
        .map((row) => canonical(Object.fromEntries(table.columns.map((column, index) => [column.name, row[index]]))))
        .sort(),
    );
  }
  return contents;
}

export async function unpack(archive: string, into: string): Promise<Manifest> {
  await unpackArchive(archive, into);
  return JSON.parse(readFileSync(path.join(into, 'manifest.json'), 'utf8')) as Manifest;
}

export async function repack(dir: string, archive: string): Promise<void> {
  await packArchive(dir, archive);
}

/** Each file under a folder with its SHA-256. */
export function fileSums(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(path.join(dir, name)))
        .digest('hex'),
    ]),
  );
}

export const sizeOf = (file: string) => statSync(file).size;

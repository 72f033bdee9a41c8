import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { columnKind, fromPortable, toPortable, type ColumnInfo } from './portable.ts';
import type { TableReader, TableSource, TableWriter } from './tables.ts';

/**
 * A consistent copy of a live SQLite database: VACUUM INTO reads it in one read transaction (writers wait a moment,
 * the busy timeout of Strapi's connection covers it) and writes a compact file the rows are then read from at leisure.
 * The online backup API restarts whenever another process writes, which under a steady write load may be never done.
 */
export function snapshotSqlite(file: string, copy: string): void {
  rmSync(copy, { force: true });
  const db = new DatabaseSync(file, { readOnly: true, timeout: 30_000 });
  try {
    db.exec(`VACUUM INTO '${copy.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
}

/** Strapi's own tables and ours; SQLite's internal ones (sqlite_sequence …) are its business. */
function tableNames(db: DatabaseSync): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
  ).map((row) => row.name);
}

function columnsOf(db: DatabaseSync, table: string): ColumnInfo[] {
  const rows = db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[];
  return rows.map((row) => ({ name: row.name, kind: columnKind(row.type) }));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Reads every table of a SQLite file (a snapshot: nothing else writes it). */
export function sqliteSource(file: string): TableSource {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec('PRAGMA query_only = ON');
  return {
    engine: 'sqlite',
    async tables() {
      return tableNames(db).map((name): TableReader => {
        const columns = columnsOf(db, name);
        return {
          name,
          columns,
          async *rows() {
            // The rowid order is insertion order for Strapi's integer keys: the archive reads the same every time.
            const statement = db.prepare(`SELECT * FROM ${quote(name)}`);
            for (const row of statement.iterate() as Iterable<Record<string, unknown>>) {
              yield columns.map((column) => toPortable(column.kind, row[column.name]));
            }
          },
        };
      });
    },
    async close() {
      db.close();
    },
  };
}

/** Loads portable rows into a SQLite file whose tables Strapi has created (the side database of a restore). */
export function sqliteWriter(file: string): TableWriter {
  const db = new DatabaseSync(file, { timeout: 30_000 });
  // Rows arrive table by table, not in the order of their references.
  db.exec('PRAGMA foreign_keys = OFF');
  db.exec('BEGIN IMMEDIATE');
  return {
    engine: 'sqlite',
    async tableNames() {
      return tableNames(db);
    },
    async columns(table) {
      const columns = columnsOf(db, table);
      return columns.length > 0 ? columns : undefined;
    },
    async clear(tables) {
      for (const table of tables) db.exec(`DELETE FROM ${quote(table)}`);
      db.exec('DELETE FROM sqlite_sequence');
    },
    async insert(table, columns, rows) {
      const statement = db.prepare(
        `INSERT INTO ${quote(table)} (${columns.map((column) => quote(column.name)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) {
        statement.run(...(columns.map((column, index) => fromPortable(column.kind, row[index], 'sqlite')) as never[]));
      }
    },
    async count(table) {
      return Number((db.prepare(`SELECT COUNT(*) AS n FROM ${quote(table)}`).get() as { n: number }).n);
    },
    async commit() {
      // AUTOINCREMENT tables' counters follow the ids just inserted (sqlite_sequence is updated by the inserts).
      db.exec('COMMIT');
      db.close();
    },
    async rollback() {
      if (db.isOpen) {
        if (db.isTransaction) db.exec('ROLLBACK');
        db.close();
      }
    },
  };
}

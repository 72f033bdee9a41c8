import type { ColumnInfo, Engine } from './portable.ts';

/** One table of a database being backed up: its columns and its rows in portable form (values in column order). */
export interface TableReader {
  name: string;
  columns: ColumnInfo[];
  rows(): AsyncIterable<unknown[]>;
}

/** Every table of one consistent state of a database (a SQLite snapshot, a PostgreSQL transaction). */
export interface TableSource {
  engine: Engine;
  tables(): Promise<TableReader[]>;
  close(): Promise<void>;
}

/** A side database being loaded from an archive, in one transaction. */
export interface TableWriter {
  engine: Engine;
  tableNames(): Promise<string[]>;
  /** The table's columns in the target, or undefined when it has no such table. */
  columns(table: string): Promise<ColumnInfo[] | undefined>;
  /** Empties the tables (what Strapi's first start wrote there). */
  clear(tables: string[]): Promise<void>;
  insert(table: string, columns: ColumnInfo[], rows: unknown[][]): Promise<void>;
  count(table: string): Promise<number>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Strapi's record of the schema it last synchronised: each database keeps its own (written by the side database's first
 * start), never the archive's, so Strapi does not mistake a restored database for one to migrate.
 */
export const KEPT_TABLES = new Set(['strapi_database_schema']);

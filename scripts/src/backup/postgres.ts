import pg from 'pg';
import { columnKind, fromPortable, toPortable, type ColumnInfo } from './portable.ts';
import type { TableReader, TableSource, TableWriter } from './tables.ts';

// Timestamps without a zone (Strapi's datetime columns) and dates as the server writes them: parsing them as local time
// would move them by the machine's offset on the way to SQLite. Strapi writes them in UTC.
const RAW = (value: string) => value;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1114) return (value: string) => `${value.replace(' ', 'T')}Z`;
    if (oid === 1082 || oid === 1083) return RAW;
    return pg.types.getTypeParser(oid, format);
  },
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function tableColumns(client: pg.Client): Promise<Map<string, ColumnInfo[]>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, ColumnInfo[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({ name: row.column_name, kind: columnKind(row.data_type) });
    tables.set(row.table_name, columns);
  }
  return tables;
}

const BATCH = 2_000;

/**
 * Every table of a live PostgreSQL database, read in one REPEATABLE READ READ ONLY transaction: one snapshot for all
 * of them (an order and its lines, stock and the order that took it, are in it together or not at all), and no lock
 * that blocks a writer. pg_dump does the same, but its output restores only into PostgreSQL, and only with a client
 * of the server's version.
 */
export async function postgresSource(databaseUrl: string): Promise<TableSource> {
  const client = new pg.Client({ connectionString: databaseUrl, types });
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return {
    engine: 'postgres',
    async tables() {
      const tables = await tableColumns(client);
      return [...tables.keys()].sort().map((name): TableReader => {
        const columns = tables.get(name)!;
        const order = columns.some((column) => column.name === 'id') ? ' ORDER BY id' : '';
        return {
          name,
          columns,
          async *rows() {
            // Keyset pages would need a key on every table; offsets inside one snapshot read the same rows once each.
            for (let offset = 0; ; offset += BATCH) {
              const { rows } = await client.query({
                text: `SELECT * FROM ${quote(name)}${order || ' ORDER BY ctid'} LIMIT ${BATCH} OFFSET ${offset}`,
                rowMode: 'array',
              });
              for (const row of rows as unknown[][]) yield columns.map((column, index) => toPortable(column.kind, row[index]));
              if (rows.length < BATCH) return;
            }
          },
        };
      });
    },
    async close() {
      await client.query('COMMIT').catch(() => undefined);
      await client.end();
    },
  };
}

/** Loads portable rows into a PostgreSQL database whose tables Strapi has created, in one transaction. */
export async function postgresWriter(databaseUrl: string): Promise<TableWriter> {
  const client = new pg.Client({ connectionString: databaseUrl, types });
  await client.connect();
  await client.query('BEGIN');
  // Rows arrive table by table, not in the order of their references: foreign keys are not checked while loading.
  await client.query("SET LOCAL session_replication_role = 'replica'");
  const known = await tableColumns(client);
  return {
    engine: 'postgres',
    async tableNames() {
      return [...known.keys()];
    },
    async columns(table) {
      return known.get(table);
    },
    async clear(tables) {
      if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(quote).join(', ')}`);
    },
    async insert(table, columns, rows) {
      // PostgreSQL takes at most 65,535 parameters per statement.
      const perStatement = Math.max(1, Math.floor(60_000 / Math.max(1, columns.length)));
      for (let start = 0; start < rows.length; start += perStatement) {
        const slice = rows.slice(start, start + perStatement);
        const values: unknown[] = [];
        const tuples = slice.map((row) => {
          const placeholders = columns.map((column, index) => {
            values.push(fromPortable(column.kind, row[index], 'postgres'));
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await client.query(
          `INSERT INTO ${quote(table)} (${columns.map((column) => quote(column.name)).join(', ')}) VALUES ${tuples.join(', ')}`,
          values,
        );
      }
    },
    async count(table) {
      const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
      return Number(rows[0]!.n);
    },
    async commit() {
      // The sequences behind the id columns continue after the ids just inserted (a new order must not take an old id).
      const { rows } = await client.query<{ table_name: string; column_name: string; sequence: string }>(
        `SELECT table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND pg_get_serial_sequence(quote_ident(table_name), column_name) IS NOT NULL`,
      );
      for (const row of rows) {
        await client.query(
          `SELECT setval($1, COALESCE((SELECT MAX(${quote(row.column_name)}) FROM ${quote(row.table_name)}), 1), (SELECT COUNT(*) > 0 FROM ${quote(row.table_name)}))`,
          [row.sequence],
        );
      }
      await client.query('COMMIT');
      await client.end();
    },
    async rollback() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** A connection to the server's maintenance database, next to the given one. */
export function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export async function onMaintenance<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

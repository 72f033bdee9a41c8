import Database from 'better-sqlite3';
import pg from 'pg';

/** One connection to the test stack's database, SQLite or PostgreSQL, with `?` placeholders on both. */
export interface DatabaseConnection {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDatabase(): Promise<DatabaseConnection> {
  if (process.env.TEST_DB === 'postgres') {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    return {
      async query<T>(text: string, params: unknown[] = []) {
        let n = 0;
        const result = await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        );
        return result.rows as T[];
      },
      close: () => client.end(),
    };
  }
  const db = new Database(process.env.TEST_SQLITE_FILE!, { timeout: 10_000 });
  return {
    async query<T>(text: string, params: unknown[] = []) {
      const statement = db.prepare(text);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
    },
    async close() {
      db.close();
    },
  };
}

/**
 * Direct SQL on the test stack's database, for what no API may do: moving a clock forward
 * (an order's hold expiring) or reading what is stored. Works on SQLite and PostgreSQL alike.
 */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await openDatabase();
  try {
    return await db.query<T>(text, params);
  } finally {
    await db.close();
  }
}

/** What a snapshot of the whole database is made of: one line per table, and the levels a sale or booking moves. */
export type DatabaseSnapshot = Record<string, string>;

/**
 * Takes snapshots of every table (its row count and latest updated_at) plus the stock of products and
 * the seats taken in workshops: two equal snapshots mean no row was added, removed or changed
 * in between. Tables are found in the database itself, so a new content type is covered without a change here.
 */
export async function openSnapshots(): Promise<{ take(): Promise<DatabaseSnapshot>; close(): Promise<void> }> {
  const db = await openDatabase();
  const postgres = process.env.TEST_DB === 'postgres';
  const tables = postgres
    ? await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
      )
    : await db.query<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1");
  const withUpdatedAt = new Set(
    (postgres
      ? await db.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'updated_at'",
        )
      : await db.query<{ name: string }>(
          "SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'updated_at'",
        )
    ).map((row) => row.name),
  );
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const parts = tables.map(({ name }) => {
    const latest = withUpdatedAt.has(name) ? `CAST(MAX(updated_at) AS TEXT)` : `''`;
    return `SELECT '${name.replace(/'/g, "''")}' AS what, CAST(COUNT(*) AS TEXT) || ' ' || COALESCE(${latest}, '') AS state FROM ${quote(name)}`;
  });
  parts.push(`SELECT 'stock of products', CAST(COALESCE(SUM(stock), 0) AS TEXT) FROM products`);
  parts.push(`SELECT 'seats booked in workshops', CAST(COALESCE(SUM(seats_booked), 0) AS TEXT) FROM workshops`);
  const snapshotQuery = parts.join(' UNION ALL ');
  return {
    async take() {
      const rows = await db.query<{ what: string; state: string }>(snapshotQuery);
      return Object.fromEntries(rows.map((row) => [row.what, String(row.state)]));
    },
    close: () => db.close(),
  };
}

import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Direct SQL on the test stack's database, for what no API may do: moving a clock forward
 * (an order's hold expiring) or reading what is stored. Works on SQLite and PostgreSQL alike.
 */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  if (process.env.TEST_DB === 'postgres') {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      let n = 0;
      const result = await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(process.env.TEST_SQLITE_FILE!, { timeout: 10_000 });
  try {
    const statement = db.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    db.close();
  }
}

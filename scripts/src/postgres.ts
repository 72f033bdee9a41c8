import pg from 'pg';
import { CommandError } from './processes.ts';

const ADMIN_URL = () => process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, uniquely named database for one test run; the suite never reuses or shares one. */
export async function createTestDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL() });
  try {
    await admin.connect();
  } catch (error) {
    throw new CommandError(`无法连接 PostgreSQL（${ADMIN_URL()}）：${(error as Error).message}`);
  }
  const name = `feiyi_test_${Date.now()}_${process.pid}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

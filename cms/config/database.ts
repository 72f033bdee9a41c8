import path from 'node:path';
import type { Core } from '@strapi/strapi';

// Embedded default: SQLite in cms/database. Scale-out: PostgreSQL when DATABASE_URL is set.
export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const url = env('DATABASE_URL', '');
  if (url) {
    return {
      connection: {
        client: 'postgres',
        connection: { connectionString: url, schema: env('DATABASE_SCHEMA', 'public') },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: 60000,
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', 'database/data.db')),
      },
      useNullAsDefault: true,
    },
  };
};

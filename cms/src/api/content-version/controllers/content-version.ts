import { createHash } from 'node:crypto';
import { z } from 'zod';
import { action, parse, requireServerToken } from '../../../portal/http';

// Tables whose published rows the adapter keeps in memory.
const PUBLIC_TABLES = [
  'categories',
  'provinces',
  'cultures',
  'inheritors',
  'policies',
  'timeline_entries',
  'news_items',
  'products',
  'donation_projects',
  'workshops',
  'heritage_pages',
  'home_pages',
  'files',
];

export default {
  /**
   * A fingerprint of all public content (row counts and latest update per table), so each adapter
   * instance can tell cheaply whether its in-memory copy is stale.
   */
  version: action(async (ctx) => {
    requireServerToken(ctx);
    const knex = strapi.db.connection;
    const parts = await Promise.all(
      PUBLIC_TABLES.map(async (table) => {
        const [row] = await knex(table).count({ n: '*' }).max({ latest: 'updated_at' });
        return `${table}:${row?.n}:${row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest)}`;
      }),
    );
    return { version: createHash('sha1').update(parts.join('|')).digest('hex') };
  }),

  /** Counts a visit to a culture item (server token only; the adapter calls it on detail views). */
  view: action(async (ctx) => {
    requireServerToken(ctx);
    const { pid } = parse(z.object({ pid: z.coerce.number().int().positive() }), ctx.params);
    await strapi.db.connection('cultures').where({ pid }).increment('view_count', 1);
    return { ok: true };
  }),
};

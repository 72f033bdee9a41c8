import { createHash } from 'node:crypto';
import { z } from 'zod';
import { action, parse, requireServerToken } from '../../../portal/http';

// Tables whose published rows the adapter keeps in memory, in two groups that reload separately:
// editorial content changes when editors publish; the shop changes with every purchase.
const CONTENT_TABLES = [
  'categories',
  'provinces',
  'cultures',
  'inheritors',
  'policies',
  'timeline_entries',
  'news_items',
  'donation_projects',
  'heritage_pages',
  'home_pages',
  'files',
];
const SHOP_TABLES = { products: 'stock', workshops: 'seats_booked' } as const;

const stamp = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export default {
  /**
   * Fingerprints of all public content (row count and latest update per table; for the shop also
   * the stock and seats sold), so each adapter instance can tell cheaply whether its copy is stale.
   */
  version: action(async (ctx) => {
    requireServerToken(ctx);
    const knex = strapi.db.connection;
    const content = await Promise.all(
      CONTENT_TABLES.map(async (table) => {
        const [row] = await knex(table).count({ n: '*' }).max({ latest: 'updated_at' });
        return `${table}:${row?.n}:${stamp(row?.latest)}`;
      }),
    );
    const shop = await Promise.all(
      Object.entries(SHOP_TABLES).map(async ([table, column]) => {
        const [row] = await knex(table).count({ n: '*' }).max({ latest: 'updated_at' }).sum({ moved: column });
        return `${table}:${row?.n}:${stamp(row?.latest)}:${row?.moved}`;
      }),
    );
    const hash = (parts: string[]) => createHash('sha1').update(parts.join('|')).digest('hex');
    return { content: hash(content), shop: hash(shop) };
  }),

  /** Counts a visit to a culture item (server token only; the adapter calls it on detail views). */
  view: action(async (ctx) => {
    requireServerToken(ctx);
    const { pid } = parse(z.object({ pid: z.coerce.number().int().positive() }), ctx.params);
    await strapi.db.connection('cultures').where({ pid }).increment('view_count', 1);
    return { ok: true };
  }),
};

import type { Core } from '@strapi/strapi';

/**
 * Strapi checks `unique` in application code only; two concurrent requests can both pass that check.
 * These database indexes make "add favourite", "follow", idempotency keys and order numbers safe
 * under concurrency (the losing insert fails and the service answers with the existing row).
 */
const UNIQUE_INDEXES: Array<{ table: string; column: string }> = [
  { table: 'favourites', column: 'dedupe_key' },
  { table: 'follows', column: 'dedupe_key' },
  { table: 'browse_records', column: 'dedupe_key' },
  { table: 'achievements', column: 'dedupe_key' },
  { table: 'bookings', column: 'dedupe_key' },
  { table: 'bookings', column: 'booking_no' },
  { table: 'orders', column: 'order_no' },
  { table: 'orders', column: 'idempotency_key' },
  { table: 'donations', column: 'idempotency_key' },
];

export async function ensureUniqueIndexes(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  for (const { table, column } of UNIQUE_INDEXES) {
    if (!(await knex.schema.hasColumn(table, column))) continue;
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)`, [`uq_${table}_${column}`, table, column]);
  }
}

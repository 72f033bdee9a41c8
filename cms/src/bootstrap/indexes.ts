import type { Core, UID } from '@strapi/strapi';
import { columnOf, tableOf } from '../portal/db-names';

/**
 * Strapi checks `unique` in application code only; two concurrent requests can both pass that check.
 * These database indexes make "add favourite", "follow", idempotency keys and order numbers safe
 * under concurrency (the losing insert fails and the service answers with the existing row).
 */
const UNIQUE_INDEXES: Array<{ uid: UID.ContentType; attribute: string }> = [
  { uid: 'api::favourite.favourite', attribute: 'dedupeKey' },
  { uid: 'api::follow.follow', attribute: 'dedupeKey' },
  { uid: 'api::browse-record.browse-record', attribute: 'dedupeKey' },
  { uid: 'api::achievement.achievement', attribute: 'dedupeKey' },
  { uid: 'api::booking.booking', attribute: 'dedupeKey' },
  { uid: 'api::booking.booking', attribute: 'bookingNo' },
  { uid: 'api::order.order', attribute: 'orderNo' },
  { uid: 'api::order.order', attribute: 'idempotencyKey' },
  { uid: 'api::donation.donation', attribute: 'idempotencyKey' },
];

export async function ensureUniqueIndexes(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  for (const { uid, attribute } of UNIQUE_INDEXES) {
    const table = tableOf(uid);
    const column = columnOf(uid, attribute);
    if (!(await knex.schema.hasColumn(table, column))) continue;
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? (??)`, [`uq_${table}_${column}`, table, column]);
  }
}

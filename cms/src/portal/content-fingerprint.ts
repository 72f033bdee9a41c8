import { createHash } from 'node:crypto';
import type { UID } from '@strapi/strapi';
import { columnOf, columnsOf, mediaLinks, tableOf } from './db-names';
import { PUBLIC_COLLECTION_TYPES, PUBLIC_SINGLE_TYPES } from './public-content';

const uidOf = (name: string) => `api::${name}.${name}` as UID.ContentType;
const SHOP_TYPES = new Set(['product', 'workshop']);
const PUBLIC_TYPES = [...PUBLIC_COLLECTION_TYPES, ...PUBLIC_SINGLE_TYPES];
const FILE: UID.Schema = 'plugin::upload.file';

const stamp = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const hash = (parts: string[]) => createHash('sha1').update(parts.join('|')).digest('hex');

/**
 * What an editor's publish moves: the published rows of a public type (count, latest update) and the
 * media files they use (count, latest update, so replacing a cover in the media library counts).
 * Saving a draft touches only the draft row, so it reloads and rebuilds nothing until it is published;
 * a visitor's upload is linked to no document, and stock or seats move without touching updated_at.
 */
async function typeStamp(name: string): Promise<string> {
  const knex = strapi.db.connection;
  const uid = uidOf(name);
  const table = tableOf(uid);
  const c = columnsOf(uid, 'updatedAt', 'publishedAt');
  // Types without draft & publish keep publishedAt set on every row (Strapi 5), so this holds for them too.
  const published = () => knex(table).whereNotNull(c.publishedAt);
  const [rows] = await published().count({ n: '*' }).max({ latest: c.updatedAt });
  const links = mediaLinks();
  const files = tableOf(FILE);
  const fileUpdatedAt = columnOf(FILE, 'updatedAt');
  const [media] = await knex(links.table)
    .join(files, `${files}.id`, `${links.table}.${links.file}`)
    .where(`${links.table}.${links.type}`, uid)
    .whereIn(`${links.table}.${links.id}`, published().select('id'))
    .count({ n: '*' })
    .max({ latest: `${files}.${fileUpdatedAt}` });
  return `${table}:${rows?.n}:${stamp(rows?.latest)}:${media?.n}:${stamp(media?.latest)}`;
}

/** Stock of every published product and seats taken of every published workshop, in a stable order. */
async function stockStamp(): Promise<string> {
  const knex = strapi.db.connection;
  const parts: string[] = [];
  for (const [uid, attribute] of [
    ['api::product.product', 'stock'],
    ['api::workshop.workshop', 'seatsBooked'],
  ] as const) {
    const c = columnsOf(uid, 'publishedAt', attribute);
    const rows: Array<Record<string, unknown>> = await knex(tableOf(uid))
      .whereNotNull(c.publishedAt)
      .orderBy('id')
      .select('id', c[attribute]);
    parts.push(rows.map((row) => `${row.id}=${row[c[attribute]]}`).join(','));
  }
  return hash(parts);
}

/**
 * Fingerprints of public content, so each adapter (and the site builder) can tell cheaply whether
 * its copy is stale: `content` (editorial types), `shop` (products and workshops as editors publish
 * them) and `stock` (stock and seats, which move with purchases and are followed in place).
 */
export async function contentFingerprint(): Promise<{ content: string; shop: string; stock: string }> {
  const stamps = await Promise.all(PUBLIC_TYPES.map(async (name) => ({ name, stamp: await typeStamp(name) })));
  return {
    content: hash(stamps.filter((s) => !SHOP_TYPES.has(s.name)).map((s) => s.stamp)),
    shop: hash(stamps.filter((s) => SHOP_TYPES.has(s.name)).map((s) => s.stamp)),
    stock: await stockStamp(),
  };
}

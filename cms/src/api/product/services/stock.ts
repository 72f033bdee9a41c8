import type { Knex } from 'knex';
import { columnsOf, tableOf } from '../../../portal/db-names';

const UID = 'api::product.product';
const names = () => ({ table: tableOf(UID), ...columnsOf(UID, 'documentId', 'publishedAt', 'pid', 'stock') });

/**
 * Stock moves with conditional UPDATEs inside the caller's transaction: a read-then-write oversells
 * under concurrency on PostgreSQL. The published row is the one that sells; the draft row mirrors it
 * so an editor's next publish does not bring sold stock back. Returns the stock left after the sale, or undefined when
 * there was not enough.
 */
export async function takeStock(trx: Knex.Transaction, documentId: string, quantity: number): Promise<number | undefined> {
  const c = names();
  const taken: Array<Record<string, unknown>> = await trx(c.table)
    .where(c.documentId, documentId)
    .whereNotNull(c.publishedAt)
    .andWhere(c.stock, '>=', quantity)
    .update({ [c.stock]: trx.raw('?? - ?', [c.stock, quantity]) }, [c.stock]);
  if (taken.length !== 1) return undefined;
  await trx(c.table)
    .where(c.documentId, documentId)
    .whereNull(c.publishedAt)
    .update({ [c.stock]: trx.raw('CASE WHEN ?? >= ? THEN ?? - ? ELSE 0 END', [c.stock, quantity, c.stock, quantity]) });
  return Number(taken[0]![c.stock]);
}

/**
 * The published stock of some products; with `lock`, their rows locked until the caller's transaction ends (PostgreSQL;
 * SQLite has one writer at a time anyway): a batch of orders allocates from it in arrival order, then takes what it
 * allocated.
 */
export async function stockOf(
  trx: Knex.Transaction,
  documentIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, number>> {
  const c = names();
  const query = trx(c.table)
    .whereIn(c.documentId, [...documentIds].sort())
    .whereNotNull(c.publishedAt)
    .orderBy(c.documentId);
  if (options.lock) query.forUpdate();
  const rows: Array<Record<string, unknown>> = await query.select(c.documentId, c.stock);
  return new Map(rows.map((row) => [String(row[c.documentId]), Number(row[c.stock])]));
}

export async function returnStock(trx: Knex.Transaction, documentId: string, quantity: number): Promise<void> {
  const c = names();
  await trx(c.table)
    .where(c.documentId, documentId)
    .update({ [c.stock]: trx.raw('?? + ?', [c.stock, quantity]) });
}

/** Stock of published products (all, or those with the given pids), as the adapter's catalogue holds it. */
export async function stockLevels(knex: Knex, pids?: readonly number[]): Promise<Array<{ productId: number; stock: number }>> {
  const c = names();
  const query = knex(c.table).whereNotNull(c.publishedAt).whereNotNull(c.pid).select(c.pid, c.stock);
  if (pids) query.whereIn(c.pid, [...pids]);
  const rows: Array<Record<string, unknown>> = await query;
  return rows.map((row) => ({ productId: Number(row[c.pid]), stock: Number(row[c.stock]) }));
}

import type { Knex } from 'knex';
import { columnsOf, tableOf } from '../../../portal/db-names';

const UID = 'api::workshop.workshop';
const names = () => ({ table: tableOf(UID), ...columnsOf(UID, 'documentId', 'publishedAt', 'pid', 'seats', 'seatsBooked') });

/** Seats are taken with a conditional UPDATE (see product/services/stock.ts for why). */
export async function takeSeats(trx: Knex.Transaction, documentId: string, count: number): Promise<boolean> {
  const c = names();
  const taken = await trx(c.table)
    .where(c.documentId, documentId)
    .whereNotNull(c.publishedAt)
    .andWhereRaw('COALESCE(??, 0) + ? <= ??', [c.seatsBooked, count, c.seats])
    .update({ [c.seatsBooked]: trx.raw('COALESCE(??, 0) + ?', [c.seatsBooked, count]) });
  if (taken !== 1) return false;
  await trx(c.table)
    .where(c.documentId, documentId)
    .whereNull(c.publishedAt)
    .update({ [c.seatsBooked]: trx.raw('COALESCE(??, 0) + ?', [c.seatsBooked, count]) });
  return true;
}

/** Seats taken of published workshops (all, or those with the given pids), as the adapter's catalogue holds them. */
export async function seatLevels(knex: Knex, pids?: readonly number[]): Promise<Array<{ workshopId: number; seatsBooked: number }>> {
  const c = names();
  const query = knex(c.table).whereNotNull(c.publishedAt).whereNotNull(c.pid).select(c.pid, c.seatsBooked);
  if (pids) query.whereIn(c.pid, [...pids]);
  const rows: Array<Record<string, unknown>> = await query;
  return rows.map((row) => ({ workshopId: Number(row[c.pid]), seatsBooked: Number(row[c.seatsBooked] ?? 0) }));
}

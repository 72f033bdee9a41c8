import type { Knex } from 'knex';

/** Seats are taken with a conditional UPDATE (see product/services/stock.ts for why). */
export async function takeSeats(trx: Knex.Transaction, documentId: string, count: number): Promise<boolean> {
  const taken = await trx('workshops')
    .where({ document_id: documentId })
    .whereNotNull('published_at')
    .andWhereRaw('COALESCE(seats_booked, 0) + ? <= seats', [count])
    .update({ seats_booked: trx.raw('COALESCE(seats_booked, 0) + ?', [count]) });
  if (taken !== 1) return false;
  await trx('workshops')
    .where({ document_id: documentId })
    .whereNull('published_at')
    .update({ seats_booked: trx.raw('COALESCE(seats_booked, 0) + ?', [count]) });
  return true;
}

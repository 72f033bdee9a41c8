import type { Knex } from 'knex';

/**
 * Stock moves with conditional UPDATEs inside the caller's transaction: a read-then-write oversells
 * under concurrency on PostgreSQL. The published row is the one that sells; the draft row mirrors it
 * so an editor's next publish does not bring sold stock back.
 */
export async function takeStock(trx: Knex.Transaction, documentId: string, quantity: number): Promise<boolean> {
  const taken = await trx('products')
    .where({ document_id: documentId })
    .whereNotNull('published_at')
    .andWhere('stock', '>=', quantity)
    .update({ stock: trx.raw('stock - ?', [quantity]) });
  if (taken !== 1) return false;
  await trx('products')
    .where({ document_id: documentId })
    .whereNull('published_at')
    .update({ stock: trx.raw('CASE WHEN stock >= ? THEN stock - ? ELSE 0 END', [quantity, quantity]) });
  return true;
}

export async function returnStock(trx: Knex.Transaction, documentId: string, quantity: number): Promise<void> {
  await trx('products')
    .where({ document_id: documentId })
    .update({ stock: trx.raw('stock + ?', [quantity]) });
}

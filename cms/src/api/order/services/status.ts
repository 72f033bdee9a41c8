import type { Knex } from 'knex';
import { columnsOf, tableOf } from '../../../portal/db-names';

import { ORDER_STATUS } from '@feiyi/contract/order-status';

export { ORDER_STATUS };

const UID = 'api::order.order';
const names = () => ({ table: tableOf(UID), ...columnsOf(UID, 'status', 'cancelledAt', 'paidAt', 'paymentMethod') });

/**
 * A pending order changes state with a conditional UPDATE inside the caller's transaction, so two
 * racing requests (a payment and the expiry sweep) cannot both win: true when this call moved it.
 */
export async function cancelIfPending(trx: Knex.Transaction, id: number): Promise<boolean> {
  const c = names();
  const changed = await trx(c.table)
    .where({ id, [c.status]: ORDER_STATUS.pending })
    .update({ [c.status]: ORDER_STATUS.cancelled, [c.cancelledAt]: new Date() });
  return changed === 1;
}

export async function payIfPending(trx: Knex.Transaction, id: number, paymentMethod: string): Promise<boolean> {
  const c = names();
  const changed = await trx(c.table)
    .where({ id, [c.status]: ORDER_STATUS.pending })
    .update({ [c.status]: ORDER_STATUS.paid, [c.paidAt]: new Date(), [c.paymentMethod]: paymentMethod });
  return changed === 1;
}

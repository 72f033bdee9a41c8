import type { Knex } from 'knex';

/** Table and columns the claim writes, from Strapi's model metadata (schedules.ts) or, in a test, given. */
export interface ClaimNames {
  table: string;
  state: string;
  claimedBy: string;
  claimedAt: string;
}

/**
 * Takes one due schedule for this process with a single conditional UPDATE: of several CMS processes polling the same
 * row, only the one whose update changed a row runs it (a read-then-write would let two of them see it pending).
 * `from` is the state the row must still be in: 'pending', or 'running' with the previous owner for a stale claim.
 */
export async function claimSchedule(
  db: Knex,
  names: ClaimNames,
  id: number,
  owner: string,
  from: { state: 'pending' } | { state: 'running'; owner: string | null } = { state: 'pending' },
): Promise<boolean> {
  const where: Record<string, unknown> = { id, [names.state]: from.state };
  const query = db(names.table).where(where);
  if (from.state === 'running') {
    if (from.owner === null) query.whereNull(names.claimedBy);
    else query.andWhere(names.claimedBy, from.owner);
  }
  // The time goes in the same UPDATE: a claim is never without it, so no other process mistakes it for a stale one.
  const changed = await query.update({ [names.state]: 'running', [names.claimedBy]: owner, [names.claimedAt]: new Date() });
  return changed === 1;
}

/** Moves a pending schedule to another state (an editor's cancel) unless the runner took it first. */
export async function leavePending(db: Knex, names: ClaimNames, id: number, to: string): Promise<boolean> {
  const changed = await db(names.table)
    .where({ id, [names.state]: 'pending' })
    .update({ [names.state]: to });
  return changed === 1;
}

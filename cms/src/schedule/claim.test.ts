import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSchedule, leavePending } from './claim';

// The claim against a real SQLite file through two separate connections, as two CMS processes hold them (the
// integration test tests/cms/schedule.test.ts does the same on the test stack's own database, PostgreSQL included).
const names = { table: 'publish_schedules', state: 'state', claimedBy: 'claimed_by', claimedAt: 'claimed_at' };
let folder: string;
let first: Knex;
let second: Knex;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'schedule-claim-'));
  const open = () => knex({ client: 'better-sqlite3', connection: { filename: path.join(folder, 'claim.db') }, useNullAsDefault: true });
  [first, second] = [open(), open()];
  await first.schema.createTable(names.table, (table) => {
    table.increments('id');
    table.string('state');
    table.string('claimed_by');
    table.datetime('claimed_at');
  });
});

afterAll(async () => {
  await Promise.all([first.destroy(), second.destroy()]);
  rmSync(folder, { recursive: true, force: true });
});

describe('claiming a due schedule', () => {
  it('lets exactly one of two processes take each pending row', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => first(names.table).insert({ state: 'pending' })));
    const rows = ids.map(([id]) => Number(id));
    const wins = await Promise.all(rows.flatMap((id) => [claimSchedule(first, names, id, 'a'), claimSchedule(second, names, id, 'b')]));
    for (let i = 0; i < rows.length; i++) expect([wins[2 * i], wins[2 * i + 1]].filter(Boolean)).toHaveLength(1);
    const owners = await first(names.table).select('state', 'claimed_by');
    expect(
      owners.every((row: { state: string; claimed_by: string }) => row.state === 'running' && ['a', 'b'].includes(row.claimed_by)),
    ).toBe(true);
  });

  it('takes back a stale claim only from the owner it saw; a cancel loses to a claim', async () => {
    const [id] = await first(names.table).insert({ state: 'running', claimed_by: 'dead' });
    const taken = await Promise.all([
      claimSchedule(first, names, Number(id), 'a', { state: 'running', owner: 'dead' }),
      claimSchedule(second, names, Number(id), 'b', { state: 'running', owner: 'dead' }),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await leavePending(second, names, Number(id), 'cancelled')).toBe(false);
    const [pending] = await first(names.table).insert({ state: 'pending' });
    expect(await leavePending(second, names, Number(pending), 'cancelled')).toBe(true);
    expect(await claimSchedule(first, names, Number(pending), 'a')).toBe(false);
  });
});

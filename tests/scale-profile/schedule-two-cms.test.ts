import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCmsProcess } from '../../scripts/src/cms-process.ts';
import { processRuns, stopProcess } from '../../scripts/src/processes.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { sql } from '../support/database.ts';
import { cmsGet, testEnv } from '../support/env.ts';

// Issue 35: a schedule publishes once with two CMS processes. Next to the runner's CMS, a SECOND real CMS process runs
// on the same PostgreSQL database, started with the runner's exact command (scripts/src/cms-process.ts) but its own
// port, metrics port and log file. Both poll every 15 s (cms/src/schedule/runner.ts); 内容编辑 schedules the publish of
// four drafts for the same moment ~20 s ahead, so both processes are polling when they fall due. Each is carried out
// exactly once: one 定时发布 in the audit trail, one 定时发布 version in its history, the schedule done and claimed by
// one of the two processes (claimed_by is `host:pid:random`).
const processFile = process.env.TEST_CMS_PROCESS_FILE ?? '';
const CULTURE = 'api::culture.culture';
const collection = `/content-manager/collection-types/${CULTURE}`;
const AUDIT = '/content-manager/collection-types/api::audit-entry.audit-entry';
const ITEMS = 4;

let editor: string;
let superAdmin: string;
let second: ChildProcess | undefined;
let secondUrl = '';
const created: string[] = [];
const stamp = Date.now().toString(36);

/** A port nothing listens on now (the OS picks it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = async (base: string) => {
  try {
    return (await fetch(`${base}/_health`, { signal: AbortSignal.timeout(2_000) })).status === 204;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => Promise<boolean>, seconds: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > seconds * 1000) throw new Error(`${what}: not within ${seconds} s`);
    await sleep(1000);
  }
  return Date.now() - started;
}

/** Beijing wall time `seconds` from now, as the 定时发布 panel's date-time field sends it. */
function beijingIn(seconds: number): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(Date.now() + seconds * 1000))
    .replace(' ', 'T');
}

async function newDraft(title: string): Promise<string> {
  const { body: categories } = await adminRequest(
    superAdmin,
    'GET',
    '/content-manager/collection-types/api::category.category?page=1&pageSize=1',
  );
  const category = (categories as unknown as { results: Array<{ documentId: string }> }).results[0]!;
  const answer = await adminRequest(editor, 'POST', collection, {
    title,
    slug: `two-cms-${stamp}-${created.length}`,
    content: '两个内容管理进程下定时发布的正文。',
    category: category.documentId,
  });
  expect(answer.status).toBe(201);
  const documentId = String(answer.body!.data!.documentId);
  created.push(documentId);
  return documentId;
}

async function trailOf(documentId: string, action: string): Promise<Array<{ actorName: string }>> {
  const { body } = await adminRequest(
    superAdmin,
    'GET',
    `${AUDIT}?filters[targetDocumentId][$eq]=${documentId}&filters[action][$eq]=${encodeURIComponent(action)}&pageSize=50`,
  );
  return (body as unknown as { results: Array<{ actorName: string }> }).results;
}

beforeAll(async () => {
  if (!processFile) throw new Error('TEST_CMS_PROCESS_FILE is not set: run the suite with ./portal test --profile scale');
  [superAdmin, editor] = [await adminToken(), await adminToken('editor')];
  // The runner's exact command; only what names a port differs (PORT, and METRICS_PORT, derived from the web port for the
  // runner's CMS), and the log file. Everything else bootstrap writes it writes the same: the adapter token's hash from
  // the same plaintext, the seed not at all (its hash is stored), the accounts' passwords (reset when ./portal has just
  // generated them) to the same values.
  const { command } = readCmsProcess(processFile);
  const [port, metricsPort] = [await freePort(), await freePort()];
  secondUrl = `http://127.0.0.1:${port}`;
  mkdirSync(command.logDir, { recursive: true });
  const log = openSync(path.join(command.logDir, `${command.name}-second.log`), 'a');
  try {
    second = spawn(command.command, command.args, {
      cwd: command.cwd,
      env: { ...command.env, PORT: String(port), METRICS_PORT: String(metricsPort) },
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
  await until('the second CMS answers', () => answers(secondUrl), 300);
}, 330_000);

afterAll(async () => {
  if (second?.pid !== undefined) await stopProcess(second.pid, 30_000);
  for (const documentId of created) await adminRequest(editor, 'DELETE', `${collection}/${documentId}`);
  if (created.length > 0)
    await sql(`DELETE FROM publish_schedules WHERE target_document_id IN (${created.map(() => '?').join(', ')})`, created);
}, 120_000);

describe('scheduled publishing with two CMS processes', () => {
  it("the second process's start leaves the running CMS as it was", async () => {
    expect(await answers(testEnv.cmsUrl)).toBe(true);
    // The kept admin logins, the adapter's token and the content read through either process are unchanged.
    expect((await adminRequest(editor, 'GET', `${collection}?page=1&pageSize=1`)).status).toBe(200);
    expect((await adminRequest(superAdmin, 'GET', `${AUDIT}?page=1&pageSize=1`)).status).toBe(200);
    const here = await cmsGet('/api/cultures?pagination[pageSize]=1');
    expect(here.status).toBe(200);
    const there = await fetch(`${secondUrl}/api/cultures?pagination[pageSize]=1`, {
      headers: { authorization: `Bearer ${testEnv.cmsToken}` },
    });
    expect(there.status).toBe(200);
    expect(((await there.json()) as { meta: unknown }).meta).toEqual(here.body.meta);
  });

  it('publishes drafts scheduled for the same moment exactly once each, claimed by one of the two processes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < ITEMS; i++) ids.push(await newDraft(`双进程定时发布·${stamp}·${i + 1}`));
    const runAt = beijingIn(20);
    for (const documentId of ids) {
      const set = await adminRequest(editor, 'POST', `/feiyi-schedule/entries/${CULTURE}/${documentId}`, { action: 'publish', runAt });
      expect(set.status).toBe(201);
    }
    const rowsOf = () =>
      sql<{ target_document_id: string; state: string; claimed_by: string | null }>(
        `SELECT target_document_id, state, claimed_by FROM publish_schedules WHERE target_document_id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    await until('every schedule done', async () => (await rowsOf()).filter((row) => row.state === 'done').length === ITEMS, 90);
    // Both processes were up all along, and each polls at least once more: nothing runs a second time.
    expect(second?.exitCode).toBeNull();
    expect(processRuns(second!.pid!)).toBe(true);
    await sleep(16_000);

    const rows = await rowsOf();
    expect(rows).toHaveLength(ITEMS);
    const pids = { [String(readCmsProcess(processFile).pid)]: 'runner', [String(second!.pid)]: 'second' };
    const claimedBy = rows.map((row) => pids[row.claimed_by?.split(':')[1] ?? ''] ?? `unknown (${row.claimed_by})`);
    console.log(`[two-cms] claimed by: ${claimedBy.join(', ')}`);
    for (const row of rows) expect(row.state).toBe('done');
    expect(claimedBy.every((who) => who === 'runner' || who === 'second')).toBe(true);

    for (const documentId of ids) {
      const published = await trailOf(documentId, '定时发布');
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ actorName: '系统（定时任务）' });
      expect(await trailOf(documentId, '发布')).toHaveLength(0);
      const { body: history } = await adminRequest(editor, 'GET', `/feiyi-history/entries/${CULTURE}/${documentId}`);
      const versions = (history!.data as unknown as { versions: Array<{ note: string | null }> }).versions;
      expect(versions.filter((version) => version.note === '定时发布')).toHaveLength(1);
      expect(((await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}`, { token: null })).body.data as unknown[]).length).toBe(
        1,
      );
    }
  }, 180_000);
});

import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cultureSearchResponse } from '@feiyi/contract';
import { claimSchedule } from '../../cms/src/schedule/claim.ts';
import { expectOk, get } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { sql } from '../support/database.ts';
import { cmsGet, testEnv } from '../support/env.ts';
import { everyInstanceFollowsTheCms } from '../support/instances.ts';

// Scheduled publish and unpublish through the real admin API, as the edit view's 定时发布 panel calls it: 内容编辑
// schedules a draft culture item's publish and a published one's unpublish about 20 s ahead; the CMS's own poller
// (every 15 s) carries out each within a minute, once (one 定时发布 / 定时下线 in the audit trail, the schedule done),
// and the adapter the site is built from follows. A past or invalid time is refused in Chinese, 运营 is refused, a
// pending schedule can be cancelled. The claim that makes "once" hold with several CMS processes is raced from two
// connections against this stack's own database.

const CULTURE = 'api::culture.culture';
const collection = `/content-manager/collection-types/${CULTURE}`;
const AUDIT = '/content-manager/collection-types/api::audit-entry.audit-entry';

interface Schedule {
  id: number;
  action: string;
  actionLabel: string;
  state: string;
  stateLabel: string;
  time: string;
  actorName: string;
  outcome: string;
  targetTitle: string;
}

let editor: string;
let operator: string;
let superAdmin: string;
const created: string[] = [];
const stamp = Date.now().toString(36);

/** Beijing wall time `seconds` from now, as the panel's date-time field sends it. */
function beijingIn(seconds: number): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + seconds * 1000));
  return parts.replace(' ', 'T');
}

async function newCulture(title: string, publish: boolean): Promise<string> {
  const { body: categories } = await adminRequest(
    superAdmin,
    'GET',
    '/content-manager/collection-types/api::category.category?page=1&pageSize=1',
  );
  const category = (categories as unknown as { results: Array<{ documentId: string }> }).results[0]!;
  const answer = await adminRequest(editor, 'POST', collection, {
    title,
    slug: `schedule-${stamp}-${created.length}`,
    content: '定时发布测试的正文。',
    category: category.documentId,
  });
  expect(answer.status).toBe(201);
  const documentId = String(answer.body!.data!.documentId);
  created.push(documentId);
  if (publish) expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
  return documentId;
}

const schedulesOf = async (token: string, documentId: string) => {
  const { status, body } = await adminRequest(token, 'GET', `/feiyi-schedule/entries/${CULTURE}/${documentId}`);
  return { status, data: body?.data as unknown as { schedulable: boolean; schedules: Schedule[] } | undefined };
};

const schedule = (token: string, documentId: string, body: unknown) =>
  adminRequest(token, 'POST', `/feiyi-schedule/entries/${CULTURE}/${documentId}`, body);

const messageOf = (body: unknown) => (body as { error?: { message?: string } } | null)?.error?.message ?? '';

async function trailOf(documentId: string, action: string): Promise<Array<{ actorName: string; detail: string }>> {
  const { body } = await adminRequest(
    superAdmin,
    'GET',
    `${AUDIT}?filters[targetDocumentId][$eq]=${documentId}&filters[action][$eq]=${encodeURIComponent(action)}&pageSize=50`,
  );
  return (body as unknown as { results: Array<{ actorName: string; detail: string }> }).results;
}

const isPublished = async (documentId: string) =>
  ((await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}`, { token: null })).body.data as unknown[]).length === 1;

async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`not within ${withinMs} ms`);
}

const found = async (title: string) =>
  expectOk(await get('/api/culture/search', { query: { keyword: title, size: 5 } }), cultureSearchResponse).data.page.records.some(
    (record) => record.title === title,
  );

beforeAll(async () => {
  [superAdmin, editor, operator] = [await adminToken(), await adminToken('editor'), await adminToken('operator')];
});

afterAll(async () => {
  for (const documentId of created) await adminRequest(editor, 'DELETE', `${collection}/${documentId}`);
  if (created.length > 0)
    await sql(`DELETE FROM publish_schedules WHERE target_document_id IN (${created.map(() => '?').join(', ')})`, created);
});

describe('scheduled publish and unpublish', () => {
  it('publishes a draft and unpublishes a published item at their Beijing time, each once, and the site follows', async () => {
    const draftTitle = `定时发布测试·${stamp}`;
    const liveTitle = `定时下线测试·${stamp}`;
    const draft = await newCulture(draftTitle, false);
    const live = await newCulture(liveTitle, true);
    await everyInstanceFollowsTheCms();
    expect(await found(liveTitle)).toBe(true);
    expect(await isPublished(draft)).toBe(false);

    const setPublish = await schedule(editor, draft, { action: 'publish', runAt: beijingIn(20) });
    expect(setPublish.status).toBe(201);
    expect(setPublish.body!.data).toMatchObject({
      action: 'publish',
      actionLabel: '定时发布',
      state: 'pending',
      stateLabel: '待执行',
      actorName: '演示编辑',
      targetTitle: draftTitle,
    });
    expect((await schedule(editor, live, { action: 'unpublish', runAt: beijingIn(20) })).status).toBe(201);
    // One pending schedule per action: a second publish time is refused until the first is cancelled.
    const second = await schedule(editor, draft, { action: 'publish', runAt: beijingIn(600) });
    expect(second.status).toBe(409);
    expect(messageOf(second.body)).toMatch(/^这个条目已有一个待执行的定时发布（北京时间 .+），请先取消它再设置新的时间$/);
    expect(await isPublished(draft)).toBe(false);

    // Carried out within a minute of the time (20 s ahead, polled every 15 s).
    await until(async () => (await isPublished(draft)) && !(await isPublished(live)), 80_000);
    await until(async () => {
      const [published, unpublished] = [(await schedulesOf(editor, draft)).data!, (await schedulesOf(editor, live)).data!];
      return published.schedules[0]!.state === 'done' && unpublished.schedules[0]!.state === 'done';
    }, 20_000);
    const done = (await schedulesOf(editor, draft)).data!.schedules[0]!;
    expect(done).toMatchObject({ stateLabel: '已完成', outcome: '定时发布已执行' });

    // The adapter the site is built from heard of it as of any publish.
    await everyInstanceFollowsTheCms();
    expect(await found(draftTitle)).toBe(true);
    expect(await found(liveTitle)).toBe(false);

    // Once: after another poll, still one 定时发布 and one 定时下线, by the system, naming who set it; the setting is there too.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    const published = await trailOf(draft, '定时发布');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ actorName: '系统（定时任务）' });
    expect(published[0]!.detail).toMatch(/^定时发布已执行\n由 演示编辑 设置，北京时间 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(await trailOf(live, '定时下线')).toHaveLength(1);
    expect(await trailOf(draft, '设置定时')).toMatchObject([{ actorName: '演示编辑' }]);
    expect(await trailOf(draft, '发布')).toHaveLength(0);

    // The scheduled publish is a version in the entry's history.
    const { body: history } = await adminRequest(editor, 'GET', `/feiyi-history/entries/${CULTURE}/${draft}`);
    const versions = (history!.data as unknown as { versions: Array<{ stateLabel: string; actorName: string; note: string }> }).versions;
    expect(versions[0]).toMatchObject({ stateLabel: '已发布', actorName: '系统（定时任务）', note: '定时发布' });
  }, 180_000);

  it('refuses a past or invalid time in Chinese, refuses 运营, and cancels a pending schedule', async () => {
    const documentId = await newCulture(`定时取消测试·${stamp}`, false);
    const past = await schedule(editor, documentId, { action: 'publish', runAt: beijingIn(-60) });
    expect(past.status).toBe(400);
    expect(messageOf(past.body)).toBe('这个时间已经过去，请选择一个将来的时间');
    const invalid = await schedule(editor, documentId, { action: 'publish', runAt: '2026-02-30T09:00' });
    expect(invalid.status).toBe(400);
    expect(messageOf(invalid.body)).toMatch(/^时间格式不正确/);
    const noAction = await schedule(editor, documentId, { runAt: beijingIn(600) });
    expect(noAction.status).toBe(400);
    expect(messageOf(noAction.body)).toBe('请选择“定时发布”或“定时下线”');

    // 运营 neither sets, reads nor cancels; the super admin does.
    const refused = await schedule(operator, documentId, { action: 'publish', runAt: beijingIn(600) });
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe('你的角色不能定时发布这类内容');
    expect((await schedulesOf(operator, documentId)).status).toBe(403);
    expect((await adminRequest(operator, 'GET', '/feiyi-schedule/schedules')).status).toBe(403);

    const set = await schedule(superAdmin, documentId, { action: 'publish', runAt: beijingIn(600) });
    expect(set.status).toBe(201);
    const id = Number(set.body!.data!.id);
    const { body: listed } = await adminRequest(editor, 'GET', '/feiyi-schedule/schedules');
    expect((listed!.data as unknown as { pending: Schedule[] }).pending.map((row) => row.id)).toContain(id);
    expect((await adminRequest(operator, 'POST', `/feiyi-schedule/schedules/${id}/cancel`, {})).status).toBe(403);

    const cancelled = await adminRequest(editor, 'POST', `/feiyi-schedule/schedules/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body!.data).toMatchObject({ state: 'cancelled', stateLabel: '已取消', cancelledBy: '演示编辑' });
    const again = await adminRequest(editor, 'POST', `/feiyi-schedule/schedules/${id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe('这个定时已取消，不能再取消');
    expect(await trailOf(documentId, '取消定时')).toMatchObject([{ actorName: '演示编辑' }]);
    // Cancelled, a new time may be set.
    expect((await schedule(editor, documentId, { action: 'publish', runAt: beijingIn(600) })).status).toBe(201);

    // Types without drafts (categories) take effect on save: nothing to schedule.
    const { body: categories } = await adminRequest(
      superAdmin,
      'GET',
      '/content-manager/collection-types/api::category.category?page=1&pageSize=1',
    );
    const category = (categories as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId;
    const categorySchedule = await adminRequest(editor, 'POST', `/feiyi-schedule/entries/api::category.category/${category}`, {
      action: 'publish',
      runAt: beijingIn(600),
    });
    expect(categorySchedule.status).toBe(400);
    expect(messageOf(categorySchedule.body)).toBe('这类内容保存即生效，没有发布与下线，不能定时');
    // Visitors' records are not public content.
    expect((await adminRequest(editor, 'POST', `/feiyi-schedule/entries/api::order.order/${category}`, {})).status).toBe(403);
  });

  it('lets exactly one of two database connections claim each due schedule', async () => {
    // Two connections of the CMS's own database client, as two CMS processes hold them. The rows have no time, so the
    // running CMS's poller never takes them.
    type Connection = Parameters<typeof claimSchedule>[0];
    const knex = createRequire(path.resolve(import.meta.dirname, '../../cms/package.json'))('knex') as (config: object) => Connection;
    const open = () =>
      testEnv.db === 'postgres'
        ? knex({ client: 'pg', connection: process.env.TEST_DATABASE_URL, pool: { min: 1, max: 1 } })
        : knex({ client: 'better-sqlite3', connection: { filename: process.env.TEST_SQLITE_FILE! }, useNullAsDefault: true });
    const [first, second] = [open(), open()];
    const names = { table: 'publish_schedules', state: 'state', claimedBy: 'claimed_by', claimedAt: 'claimed_at' };
    const ids: number[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const [row] = (await first(names.table).insert({ state: 'pending', action: 'publish' }, ['id'])) as Array<{ id: number } | number>;
        ids.push(typeof row === 'object' ? row.id : Number(row));
      }
      const wins = await Promise.all(
        ids.flatMap((id) => [claimSchedule(first, names, id, 'first'), claimSchedule(second, names, id, 'second')]),
      );
      for (let i = 0; i < ids.length; i++) expect([wins[2 * i], wins[2 * i + 1]].filter(Boolean)).toHaveLength(1);
      const owners = (await first(names.table).whereIn('id', ids).select('state', 'claimed_by')) as Array<{
        state: string;
        claimed_by: string;
      }>;
      expect(owners.every((row) => row.state === 'running' && (row.claimed_by === 'first' || row.claimed_by === 'second'))).toBe(true);
    } finally {
      if (ids.length > 0) await first(names.table).whereIn('id', ids).delete();
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });
});

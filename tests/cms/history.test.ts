import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { cmsGet } from '../support/env.ts';

// Version history through the real admin API, as the edit view's 历史版本 panel calls it: 内容编辑 creates and
// publishes a culture item and changes it twice; each save and the publish keep a version (who, when, draft or
// published, which fields changed); a version compares field by field with the draft (rich text as text, relations by
// name, media by address); restoring the first version makes it the draft, which publishes as usual. 运营 gets none of
// it, and an entry keeps at most 50 versions.

const CULTURE = 'api::culture.culture';
const collection = `/content-manager/collection-types/${CULTURE}`;

interface VersionItem {
  id: number;
  state: string;
  stateLabel: string;
  actorName: string;
  time: string;
  changed: string[];
  note: string;
}
interface Shown {
  text?: string;
  media?: Array<{ url: string; name: string }>;
}
interface Compared {
  fields: Array<{ name: string; label: string; changed: boolean; then: Shown; now: Shown }>;
}

let editor: string;
let operator: string;
let superAdmin: string;
/** The culture item the first test creates: deleted after, even when an expectation fails half-way (the content checks count them). */
let createdCulture: string | undefined;

const versionsOf = async (token: string, documentId: string) => {
  const { status, body } = await adminRequest(token, 'GET', `/feiyi-history/entries/${CULTURE}/${documentId}`);
  return { status, versions: (body?.data as unknown as { versions: VersionItem[]; keep: number } | undefined)?.versions ?? [] };
};

/** A seeded news item no admin has changed yet (other test files edit some, in an order that varies): it has no versions. */
async function untouchedNewsItem(): Promise<{ documentId: string }> {
  const uid = 'api::news-item.news-item';
  const { body } = await adminRequest(superAdmin, 'GET', `/content-manager/collection-types/${uid}?page=1&pageSize=100&sort=id:DESC`);
  for (const row of (body as unknown as { results: Array<{ documentId: string }> }).results) {
    const { body: history } = await adminRequest(superAdmin, 'GET', `/feiyi-history/entries/${uid}/${row.documentId}`);
    if ((history?.data as unknown as { versions: unknown[] }).versions.length === 0) return row;
  }
  throw new Error('every seeded news item has versions already');
}

beforeAll(async () => {
  [superAdmin, editor, operator] = [await adminToken(), await adminToken('editor'), await adminToken('operator')];
});

afterAll(async () => {
  if (createdCulture) await adminRequest(superAdmin, 'DELETE', `${collection}/${createdCulture}`);
});

describe('version history', () => {
  it('keeps each save and publish, compares a version with the draft and restores it as a new draft', async () => {
    const { body: categories } = await adminRequest(
      superAdmin,
      'GET',
      '/content-manager/collection-types/api::category.category?page=1&pageSize=2&sort=code:ASC',
    );
    const [first, second] = (categories as unknown as { results: Array<{ documentId: string; name: string }> }).results;
    const { body: files } = await adminRequest(editor, 'GET', '/upload/files?page=1&pageSize=1');
    const cover = (files as unknown as { results: Array<{ id: number; url: string }> }).results[0]!;
    const slug = `history-${Date.now().toString(36)}`;
    const created = await adminRequest(editor, 'POST', collection, {
      title: '历史测试·初稿',
      slug,
      content: '**第一版**的正文。',
      category: first!.documentId,
      cover: cover.id,
    });
    expect(created.status).toBe(201);
    const documentId = String(created.body!.data!.documentId);
    createdCulture = documentId;
    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
    expect(
      (await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { title: '历史测试·二稿', category: second!.documentId })).status,
    ).toBe(200);
    expect((await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { content: '第三版的正文。', cover: null })).status).toBe(200);

    const { status, versions } = await versionsOf(editor, documentId);
    expect(status).toBe(200);
    expect(versions.map((version) => version.stateLabel)).toEqual(['草稿', '草稿', '已发布', '草稿']);
    expect(versions.every((version) => version.actorName === '演示编辑')).toBe(true);
    expect(versions[0]!.changed).toEqual(expect.arrayContaining(['正文', '封面']));
    expect(versions[1]!.changed).toEqual(expect.arrayContaining(['标题', '类别']));
    expect(versions[1]!.changed).not.toContain('正文');
    expect(versions[3]!.time).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}:\d{2}$/);

    // The first version beside the draft now: rich text as text, the category by name, the cover by its address.
    const oldest = versions[3]!;
    const compared = await adminRequest(editor, 'GET', `/feiyi-history/versions/${oldest.id}`);
    expect(compared.status).toBe(200);
    const fields = Object.fromEntries((compared.body!.data as unknown as Compared).fields.map((field) => [field.name, field]));
    expect(fields.title).toMatchObject({ label: '标题', changed: true, then: { text: '历史测试·初稿' }, now: { text: '历史测试·二稿' } });
    expect(fields.content).toMatchObject({
      label: '正文',
      changed: true,
      then: { text: '第一版的正文。' },
      now: { text: '第三版的正文。' },
    });
    expect(fields.category).toMatchObject({ changed: true, then: { text: first!.name }, now: { text: second!.name } });
    expect(fields.cover).toMatchObject({ changed: true, now: { media: [] } });
    expect(fields.cover!.then.media![0]!.url).toBe(cover.url);
    expect(fields.slug).toMatchObject({ changed: false });

    // Restored as a new draft: the published item is unchanged until the editor publishes it.
    const restored = await adminRequest(editor, 'POST', `/feiyi-history/versions/${oldest.id}/restore`, {});
    expect(restored.status).toBe(200);
    const draft = await adminRequest(
      editor,
      'GET',
      `${collection}/${documentId}?status=draft&populate[category][fields][0]=name&populate[cover][fields][0]=url`,
    );
    expect(draft.body!.data).toMatchObject({
      title: '历史测试·初稿',
      content: '**第一版**的正文。',
      category: { name: first!.name },
      cover: { url: cover.url },
    });
    const after = (await versionsOf(editor, documentId)).versions;
    expect(after).toHaveLength(5);
    expect(after[0]).toMatchObject({ stateLabel: '草稿', note: `从 ${oldest.time} 的草稿版本恢复` });

    expect((await adminRequest(editor, 'PUT', `${collection}/${documentId}`, { title: '历史测试·恢复后发布' })).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${collection}/${documentId}/actions/publish`, {})).status).toBe(200);
    const published = await cmsGet(`/api/cultures?filters[documentId][$eq]=${documentId}`, { token: null });
    expect((published.body.data as Array<{ title: string; content: string }>)[0]).toMatchObject({
      title: '历史测试·恢复后发布',
      content: '**第一版**的正文。',
    });

    // The restore is in the audit trail.
    const { body: trail } = await adminRequest(
      superAdmin,
      'GET',
      `/content-manager/collection-types/api::audit-entry.audit-entry?filters[targetDocumentId][$eq]=${documentId}&filters[action][$eq]=从历史恢复`,
    );
    expect((trail as unknown as { results: Array<{ detail: string }> }).results.map((row) => row.detail)).toEqual([
      `从 ${oldest.time} 的草稿版本恢复`,
    ]);

    // 运营 neither lists, compares nor restores; the super admin does.
    expect((await versionsOf(operator, documentId)).status).toBe(403);
    expect((await adminRequest(operator, 'GET', `/feiyi-history/versions/${oldest.id}`)).status).toBe(403);
    expect((await adminRequest(operator, 'POST', `/feiyi-history/versions/${oldest.id}/restore`, {})).status).toBe(403);
    expect((await versionsOf(superAdmin, documentId)).status).toBe(200);
    // Visitors' records have no history.
    expect((await adminRequest(editor, 'GET', `/feiyi-history/entries/api::order.order/${documentId}`)).status).toBe(403);
    expect((await adminRequest(editor, 'DELETE', `${collection}/${documentId}`)).status).toBe(200);
    createdCulture = undefined;
  });

  it('keeps the last 50 versions of an entry, the seed’s content as the first of them', async () => {
    const seeded = await untouchedNewsItem();
    const news = '/content-manager/collection-types/api::news-item.news-item';
    const original = await adminRequest(editor, 'GET', `${news}/${seeded.documentId}?status=draft`);
    const summary = String(original.body!.data!.summary ?? '');
    const versions = async () =>
      (await adminRequest(editor, 'GET', `/feiyi-history/entries/api::news-item.news-item/${seeded.documentId}`)).body!.data as unknown as {
        versions: VersionItem[];
        keep: number;
      };

    expect((await adminRequest(editor, 'PUT', `${news}/${seeded.documentId}`, { summary: `${summary}（第 1 次）` })).status).toBe(200);
    const firstSave = await versions();
    // The content as it was before the first change, then the change.
    expect(firstSave.versions.map((version) => version.actorName)).toEqual(['演示编辑', '（此前的内容）']);
    for (let i = 2; i <= 52; i++)
      await adminRequest(editor, 'PUT', `${news}/${seeded.documentId}`, { summary: `${summary}（第 ${i} 次）` });
    const { versions: kept, keep } = await versions();
    expect(keep).toBe(50);
    expect(kept).toHaveLength(50);
    expect(kept.every((version) => version.actorName === '演示编辑')).toBe(true);
    await adminRequest(editor, 'PUT', `${news}/${seeded.documentId}`, { summary });
  });
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSeedData } from '../../cms/seed/load-data.ts';
import { loadNationalTables, provinceOfRegion } from '../../cms/seed/national-facts.ts';
import { createTestDatabase, dropTestDatabase } from '../../scripts/src/postgres.ts';
import { waitForHttp, type Service } from '../../scripts/src/processes.ts';
import { generateSecrets } from '../../scripts/src/secrets.ts';
import { startCms } from '../../scripts/src/stack.ts';
import { testEnv } from '../support/env.ts';

// Its own CMS on its own fresh database, started four times: killed mid-seed, killed mid-import of the
// national list, then twice (the last one re-running the import over an editor's corrections).
const seed = loadSeedData(path.resolve(import.meta.dirname, '../../cms/seed/data'));
const national = loadNationalTables(path.resolve(import.meta.dirname, '../../cms/seed/facts'));
const port = Number(process.env.TEST_SEED_CMS_PORT ?? 1357);
const base = `http://127.0.0.1:${port}`;
const secrets = generateSecrets();
const workDir = path.join(testEnv.workDir, 'seed-idempotency');
let databaseUrl: string | undefined;
let running: Service | undefined;

async function start(extraEnv: NodeJS.ProcessEnv = {}) {
  if (testEnv.db === 'postgres' && !databaseUrl) databaseUrl = await createTestDatabase();
  running = startCms({
    host: '127.0.0.1',
    cmsPort: port,
    secrets,
    logDir: path.join(workDir, 'logs'),
    databaseUrl,
    sqliteFile: path.join(workDir, 'data', 'seed.db'),
    publicDir: path.join(workDir, 'public'),
    demo: { username: 'demo', password: 'feiyi2026' },
    serveAdmin: false,
    webUrl: 'http://127.0.0.1:9',
    extraEnv,
  });
  return running;
}

async function get(pathname: string) {
  const response = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${secrets.CMS_API_TOKEN}` } });
  return (await response.json()) as { data: unknown; meta: { pagination: { total: number } } } & unknown[];
}

/** What an editor does in the admin: log in, change a field, publish where the type has drafts. */
async function editorCorrects(uid: string, documentId: string, data: Record<string, unknown>, publish: boolean) {
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = (method: string, pathname: string, body: unknown) =>
    fetch(`${base}/content-manager/collection-types/${uid}/${documentId}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await call('PUT', '', data)).status).toBe(200);
  if (publish) expect((await call('POST', '/actions/publish', {})).status).toBe(200);
}

type Entry = { documentId: string; serial: string; name: string; batchYear: number; entryKind: string; region: string };
type EntryWithRelations = Entry & {
  category: { officialName: string };
  province: { shortName: string } | null;
  culture: { title: string } | null;
};

/** The whole national list as the CMS holds it, with the counts the facts README publishes. */
async function nationalCounts() {
  const entries: EntryWithRelations[] = [];
  for (let page = 1; ; page += 1) {
    const body = await get(`/api/national-entries?pagination[page]=${page}&pagination[pageSize]=500&sort=id:asc`);
    entries.push(...(body.data as EntryWithRelations[]));
    if (entries.length >= body.meta.pagination.total) break;
  }
  const tally = (values: readonly (string | number)[]) => {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  };
  const firstOfItem = new Map<string, EntryWithRelations>();
  for (const entry of entries) if (entry.entryKind === 'new' && !firstOfItem.has(entry.serial)) firstOfItem.set(entry.serial, entry);
  const inheritorTotal = async (filter: string) => (await get(`/api/inheritors?pagination[pageSize]=1${filter}`)).meta.pagination.total;
  return {
    entries: entries.length,
    items: new Set(entries.map((e) => e.serial)).size,
    entriesPerBatch: tally(entries.map((e) => e.batchYear)),
    newItemsPerBatch: tally([...firstOfItem.values()].map((e) => e.batchYear)),
    entriesPerCategory: tally(entries.map((e) => e.category.officialName)),
    itemsPerCategory: tally([...firstOfItem.values()].map((e) => e.category.officialName)),
    inheritors: await inheritorTotal(''),
    inheritorsPerBatch: Object.fromEntries(
      await Promise.all(
        [2007, 2008, 2009, 2012, 2018, 2025].map(async (year) => [year, await inheritorTotal(`&filters[batchYear][$eq]=${year}`)]),
      ),
    ),
    jingju: entries
      .filter((e) => e.serial === 'Ⅳ-28')
      .map((e) => `${e.batchYear} ${e.entryKind} ${e.region} ${e.province?.shortName ?? '-'} ${e.culture?.title ?? '-'}`),
    withoutProvince: entries.filter((e) => e.province === null).length,
  };
}

async function counts() {
  const total = async (collection: string) => (await get(`/api/${collection}?pagination[pageSize]=1`)).meta.pagination.total;
  const slugs = ((await get('/api/cultures?pagination[pageSize]=500&fields[0]=slug')).data as Array<{ slug: string }>).map((c) => c.slug);
  const files = (await get('/api/upload/files')) as unknown as Array<{ name: string }>;
  return {
    cultures: await total('cultures'),
    inheritors: await total('inheritors'),
    products: await total('products'),
    provinces: await total('provinces'),
    timeline: await total('timeline-entries'),
    distinctSlugs: new Set(slugs).size,
    files: files.length,
    distinctFiles: new Set(files.map((f) => f.name)).size,
  };
}

afterAll(async () => {
  await running?.stop();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  rmSync(workDir, { recursive: true, force: true });
});

describe('seed idempotency', () => {
  // Four Strapi starts, a full seed and the national import: over 4 minutes when other
  // stacks share the 2 cores, hence the generous limit.
  it('finishes an interrupted seed on the next start and never duplicates on later starts', async () => {
    const killed = await start({ SEED_ABORT_AFTER: '40' });
    const exitCode = await new Promise<number | null>((resolve) => killed.child.once('exit', (code) => resolve(code)));
    expect(exitCode).not.toBe(0);

    // The seed completes; the national import is killed part-way.
    const importKilled = await start({ NATIONAL_IMPORT_ABORT_AFTER: '2000' });
    const importExitCode = await new Promise<number | null>((resolve) => importKilled.child.once('exit', (code) => resolve(code)));
    expect(importExitCode).not.toBe(0);

    const second = await start();
    await waitForHttp(`${base}/_health`, second, { expect: [204] });
    const afterResume = await counts();
    expect(afterResume).toMatchObject({
      cultures: seed.cultures.length,
      // The written profiles are national inheritors too: they join their table rows, not add to them.
      inheritors: national.inheritors.length,
      products: seed.products.length,
      provinces: 34,
      timeline: 10,
      distinctSlugs: seed.cultures.length,
    });
    expect(afterResume.files).toBe(afterResume.distinctFiles);
    const list = await nationalCounts();
    // The official figures (seed/facts/national/README.md).
    expect(list).toMatchObject({
      entries: 3610,
      items: 1557,
      entriesPerBatch: { 2006: 763, 2008: 1352, 2011: 567, 2014: 463, 2021: 465 },
      newItemsPerBatch: { 2006: 518, 2008: 510, 2011: 191, 2014: 153, 2021: 185 },
      entriesPerCategory: {
        民间文学: 251,
        传统音乐: 431,
        传统舞蹈: 356,
        传统戏剧: 473,
        曲艺: 213,
        '传统体育、游艺与杂技': 166,
        传统美术: 417,
        传统技艺: 629,
        传统医药: 182,
        民俗: 492,
      },
      itemsPerCategory: {
        民间文学: 167,
        传统音乐: 189,
        传统舞蹈: 144,
        传统戏剧: 171,
        曲艺: 145,
        '传统体育、游艺与杂技': 109,
        传统美术: 139,
        传统技艺: 287,
        传统医药: 23,
        民俗: 183,
      },
      inheritors: 3995,
      inheritorsPerBatch: { 2007: 226, 2008: 550, 2009: 705, 2012: 495, 2018: 1077, 2025: 942 },
      jingju: [
        '2006 new 北京市 北京 京剧',
        '2006 new 中国国家京剧院 北京 京剧',
        '2006 new 天津市 天津 京剧',
        '2006 new 辽宁省 辽宁 京剧',
        '2006 new 上海市 上海 京剧',
        '2006 new 山东省 山东 京剧',
        '2008 extension 湖北省京剧院 湖北 京剧',
        '2011 extension 江苏省演艺集团 江苏 京剧',
        '2011 extension 江苏省淮安市 江苏 京剧',
      ],
    });
    // Entries declared by national bodies (文化部, 中国艺术研究院 …) belong to no province.
    expect(list.withoutProvince).toBe(
      national.items.filter((row) => provinceOfRegion(row.region, seed.provinces, national.seats) === null).length,
    );
    const written = (await get(`/api/inheritors?filters[name][$eq]=${encodeURIComponent('刘长瑜')}`)).data as Array<
      Record<string, unknown>
    >;
    expect(written.map((p) => [p.itemSerial, p.region, p.ethnicity, typeof p.introduction])).toEqual([
      ['Ⅳ-28', '中国京剧院', '汉族', 'string'],
    ]);

    // An editor corrects an entry and an inheritor; a forced re-import keeps both corrections and adds nothing.
    const hubei = (
      (await get(`/api/national-entries?filters[serial][$eq]=${encodeURIComponent('Ⅳ-28')}&filters[batchYear][$eq]=2008`)).data as Entry[]
    )[0]!;
    await editorCorrects('api::national-entry.national-entry', hubei.documentId, { region: '湖北省京剧院（编辑更正）' }, false);
    const person = (
      (await get(`/api/inheritors?filters[name][$eq]=${encodeURIComponent('王安江')}`)).data as Array<{ documentId: string }>
    )[0]!;
    await editorCorrects('api::inheritor.inheritor', person.documentId, { ethnicity: '苗族（编辑更正）' }, true);
    await second.stop();

    const third = await start({ NATIONAL_IMPORT: 'always' });
    await waitForHttp(`${base}/_health`, third, { expect: [204] });
    expect(await counts()).toEqual(afterResume);
    const again = await nationalCounts();
    expect(again).toEqual({ ...list, jingju: list.jingju.map((line) => line.replace('湖北省京剧院', '湖北省京剧院（编辑更正）')) });
    expect(((await get(`/api/national-entries/${hubei.documentId}`)).data as Entry).region).toBe('湖北省京剧院（编辑更正）');
    expect(((await get(`/api/inheritors/${person.documentId}`)).data as { ethnicity: string }).ethnicity).toBe('苗族（编辑更正）');
    await third.stop();
  }, 900_000);
});

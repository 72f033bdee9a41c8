import { expect, test, type APIRequestContext } from '@playwright/test';
import jsonld from 'jsonld';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { atomProblems, type Descriptor, descriptorProblems, parseCsv, readAsExcel, readPackage } from '../open-data/checks.ts';

// The national list as open data (/data) and the Atom feeds, as the site build wrote them from the CMS: the package
// validates and every foreign key resolves, the rows are what the API and the item pages say, an editor's correction
// reaches the next build's files and the change log, the feeds are valid Atom and list a newly published article.
const LIVE_WITHIN = { timeout: 120_000, intervals: [500, 1000, 2000] };

interface Envelope<T> {
  data: T;
}
interface Figures {
  totals: { items: number; entries: number; inheritors: number };
  categories: unknown[];
  provinces: unknown[];
  batches: unknown[];
  inheritorBatches: unknown[];
}
interface ApiEntry {
  id: number;
  serial: string;
  name: string;
  categoryId: number;
  batchYear: number;
  batch: string;
  kind: string;
  region: string;
  provinceName: string | null;
  href: string;
  cultureId: number | null;
}
interface ApiInheritor {
  id: number;
  name: string;
  gender: string | null;
  birthYear: number | null;
  ethnicity: string | null;
  serial: string;
  region: string;
  batchYear: number;
}
interface ApiItem {
  item: { serial: string; name: string; categoryId: number; entryCount: number; inheritorCount: number; href: string };
  entries: ApiEntry[];
  inheritors: ApiInheritor[];
}

const api = async <T>(request: APIRequestContext, path: string) => ((await (await request.get(path)).json()) as Envelope<T>).data;
const bytesOf = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.body();
};
const jsonLines = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function readServedPackage(request: APIRequestContext) {
  const descriptor = JSON.parse((await bytesOf(request, '/data/datapackage.json')).toString('utf8')) as Descriptor;
  const files = new Map<string, Buffer>();
  for (const resource of descriptor.resources) files.set(resource.path, await bytesOf(request, `/data/${resource.path}`));
  return { descriptor, files, ...readPackage(descriptor, files) };
}

test('the data package validates, every foreign key resolves and the checksums match', async ({ request }) => {
  const { descriptor, files, problems, tables } = await readServedPackage(request);
  expect(descriptorProblems(descriptor)).toEqual([]);
  expect(problems).toEqual([]);
  expect(descriptor.licenses[0]).toMatchObject({ name: 'CC-BY-4.0' });
  expect(descriptor.sources.map((s) => s.title).join()).toMatch(/国务院公布的国家级非物质文化遗产代表性项目名录.*代表性传承人名单/);
  expect(descriptor.version).toMatch(/^list-2021\.inheritors-2025-03\.build-\d{8}T\d{6}Z$/);

  // sha256sum -c: every file of /data/ that the checksums name.
  const sums = (await bytesOf(request, '/data/sha256sums.txt')).toString('utf8').trimEnd().split('\n');
  expect(sums.length).toBeGreaterThanOrEqual(17);
  for (const line of sums) {
    const [hash, name] = line.split(/ {2}/);
    const { createHash } = await import('node:crypto');
    const bytes = files.get(name!) ?? (await bytesOf(request, `/data/${name}`));
    expect(createHash('sha256').update(bytes).digest('hex'), name).toBe(hash);
  }
  // The JSON Lines are the same rows as the CSV files.
  for (const resource of descriptor.resources) {
    const lines = jsonLines(await bytesOf(request, `/data/${resource.name}.jsonl`));
    expect(lines, resource.name).toEqual(tables.get(resource.name));
  }
});

test('the CSV files open in Excel with the right Chinese, and hold as many rows as the API counts', async ({ request }) => {
  const figures = await api<Figures>(request, '/api/national/figures');
  const entriesPage = await api<{ page: { total: number } }>(request, '/api/national/entries?size=1');
  const expected: Record<string, number> = {
    items: figures.totals.items,
    entries: entriesPage.page.total,
    inheritors: figures.totals.inheritors,
    provinces: figures.provinces.length,
    categories: figures.categories.length,
    batches: figures.batches.length,
    'inheritor-batches': figures.inheritorBatches.length,
  };
  expect(entriesPage.page.total).toBe(figures.totals.entries);
  for (const [name, count] of Object.entries(expected)) {
    const response = await request.get(`/data/${name}.csv`);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers()['cache-control']).toContain('max-age=300');
    const { bom, text } = readAsExcel(await response.body());
    expect(bom, name).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header![0], name).not.toMatch(/^\uFEFF/);
    expect(rows, name).toHaveLength(count);
  }
  const { text } = readAsExcel(await bytesOf(request, '/data/categories.csv'));
  expect(text).toContain('传统戏剧,chuán tǒng xì jù');
});

test('a sample of 100 entries and inheritors are what the API and the item pages say', async ({ request }) => {
  test.setTimeout(180_000);
  const { tables } = await readServedPackage(request);
  const entries = tables.get('entries')!;
  const inheritors = new Map(tables.get('inheritors')!.map((row) => [row.inheritor_id, row]));
  const items = new Map(tables.get('items')!.map((row) => [row.serial, row]));
  // Every 36th entry: 100 rows spread over all categories and batches.
  const step = Math.floor(entries.length / 100);
  const sample = Array.from({ length: 100 }, (_, i) => entries[i * step]!);
  for (const row of sample) {
    const slug = String(row.url).split('/minglu/')[1]!;
    const answer = await api<ApiItem>(request, `/api/national/items/${slug}`);
    const id = Number(String(row.entry_id).split('-').at(-1));
    const entry = answer.entries.find((candidate) => candidate.id === id);
    expect(entry, String(row.entry_id)).toBeTruthy();
    expect({
      serial: row.serial,
      name: row.name,
      category_id: row.category_id,
      batch_year: row.batch_year,
      batch: row.batch,
      kind: row.kind,
      region: row.region,
      province_name: row.province_name,
      culture_id: row.culture_id,
    }).toEqual({
      serial: entry!.serial,
      name: entry!.name,
      category_id: entry!.categoryId,
      batch_year: entry!.batchYear,
      batch: entry!.batch,
      kind: entry!.kind,
      region: entry!.region,
      province_name: entry!.provinceName,
      culture_id: entry!.cultureId,
    });
    expect(String(row.url)).toMatch(new RegExp(`^https?://[^/]+${entry!.href}$`));
    const item = items.get(row.serial)!;
    expect([item.name, item.entry_count, item.inheritor_count]).toEqual([
      answer.item.name,
      answer.item.entryCount,
      answer.item.inheritorCount,
    ]);
    // The item page shows the entry's region and the item's inheritors.
    const page = await (await request.get(`${answer.item.href}/`)).text();
    expect(page).toContain(entry!.region.replace(/&/g, '&amp;'));
    for (const person of answer.inheritors.slice(0, 3)) {
      const row = inheritors.get(person.id);
      expect(row, `inheritor ${person.id}`).toBeTruthy();
      expect([row!.name, row!.serial, row!.region, row!.batch_year, row!.gender, row!.birth_year, row!.ethnicity]).toEqual([
        person.name,
        person.serial,
        person.region,
        person.batchYear,
        person.gender,
        person.birthYear,
        person.ethnicity,
      ]);
      expect(page).toContain(`id="inheritor-${person.id}"`);
    }
  }
});

test('the /data page says what is offered and carries a Dataset that passes a structured-data check', async ({ page, request }) => {
  await page.goto('/data');
  await expect(page.getByRole('heading', { level: 1, name: '开放数据' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'entries.csv' })).toHaveAttribute('href', '/data/entries.csv');
  await expect(page.getByText(/名录截至第五批（2021 年）；传承人截至 2025 年 3 月/)).toBeVisible();
  await expect(page.getByRole('link', { name: /知识共享 署名 4\.0 国际/ })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  // Linked from the footer of every page and from the national list.
  await page.goto('/minglu');
  await expect(page.locator('main a[href="/data"]').first()).toBeVisible();
  await expect(page.locator('footer a[href="/data"]')).toHaveText('开放数据');

  const html = await (await request.get('/data/')).text();
  const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(raw).toBeTruthy();
  // schema.org's context, offline: the vocabulary every term of ours maps into.
  const documentLoader = async (url: string) => {
    if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`unexpected context ${url}`);
    return { contextUrl: undefined, documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
  };
  const [dataset] = (await jsonld.expand(JSON.parse(raw!), { documentLoader })) as Array<Record<string, Array<Record<string, unknown>>>>;
  const s = (term: string) => `https://schema.org/${term}`;
  const value = (node: Record<string, unknown>, term: string) =>
    (node[s(term)] as Array<{ '@value'?: unknown; '@id'?: string }> | undefined)?.[0];
  expect(dataset!['@type']).toEqual([s('Dataset')]);
  // Google Dataset Search's required properties, and the recommended ones we promise.
  const description = String(value(dataset!, 'description')?.['@value']);
  expect(description.length).toBeGreaterThanOrEqual(50);
  expect(description.length).toBeLessThanOrEqual(5000);
  expect(value(dataset!, 'name')?.['@value']).toMatch(/国家级非物质文化遗产/);
  expect(value(dataset!, 'license')?.['@value'] ?? value(dataset!, 'license')?.['@id']).toBe(
    'https://creativecommons.org/licenses/by/4.0/',
  );
  const downloads = dataset![s('distribution')] as Array<Record<string, unknown>>;
  expect(downloads.length).toBeGreaterThanOrEqual(14);
  for (const download of downloads) {
    expect(download['@type']).toEqual([s('DataDownload')]);
    const url = String(value(download, 'contentUrl')?.['@value']);
    expect(url).toMatch(/^https?:\/\/.+\/data\/.+/);
    expect((await request.get(new URL(url).pathname)).status()).toBe(200);
    expect(value(download, 'encodingFormat')?.['@value']).toMatch(
      /^(text\/csv|application\/jsonl|application\/json|application\/ld\+json|text\/plain)$/,
    );
  }
  // The DCAT description: JSON-LD with its context inline.
  const dcat = JSON.parse((await bytesOf(request, '/data/dcat.jsonld')).toString('utf8')) as object;
  const expanded = JSON.stringify(await jsonld.expand(dcat));
  expect(expanded).toContain('"http://www.w3.org/ns/dcat#Dataset"');
  expect(expanded).toContain('"http://www.w3.org/ns/dcat#downloadURL"');
});

test('the Atom feeds are valid RFC 4287 with Chinese titles and absolute links, and every page links them', async ({ request }) => {
  for (const [feed, title] of [
    ['news', '非遗中国 · 资讯'],
    ['culture', '非遗中国 · 文化条目（新发布与更新）'],
    ['policy', '非遗中国 · 政策法规'],
  ] as const) {
    const response = await request.get(`/feeds/${feed}.xml`);
    expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(await atomProblems(xml), feed).toEqual([]);
    expect(xml).toContain(`<title>${title}</title>`);
    // RFC 4287's rules beyond the grammar: an author for the feed, an alternate link for every entry.
    expect(xml).toContain('<author><name>非遗中国</name></author>');
    const entries = xml.split('<entry>').slice(1);
    expect(entries.length, feed).toBeGreaterThan(0);
    for (const entry of entries) expect(entry).toMatch(/<link rel="alternate" type="text\/html" href="https?:\/\/[^"]+"\/>/);
    expect(entries[0]).toMatch(/<title>[^<]*\p{Script=Han}/u);
    expect(entries[0]).toMatch(/<summary type="text">[^<]*\p{Script=Han}/u);
  }
  for (const path of ['/', '/culture/', '/policy/', '/data/']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="非遗中国 · 资讯" href="https?:\/\/[^"]+\/feeds\/news\.xml"/,
    );
  }
});

test('an editor’s correction reaches the next build’s files and the change log; a published article leads the feed', async ({
  request,
}) => {
  test.setTimeout(300_000);
  const editor = await adminToken('editor');
  const entriesCollection = '/content-manager/collection-types/api::national-entry.national-entry';
  const culturesCollection = '/content-manager/collection-types/api::culture.culture';
  const rows = jsonLines(await bytesOf(request, '/data/entries.jsonl'));
  const row = rows[123]!;
  const id = Number(String(row.entry_id).split('-').at(-1));
  const found = await adminRequest(editor, 'GET', `${entriesCollection}?filters[id][$eq]=${id}&pageSize=1`);
  const document = (found.body as unknown as { results: Array<{ documentId: string; name: string }> }).results[0]!;
  const marker = `更正${Date.now().toString(36)}`;
  const corrected = `${document.name}（${marker}）`;

  const culture = (
    (await (await request.get('/api/culture/page?page=1&size=10')).json()) as {
      data: { page: { records: Array<{ id: number; title: string }> } };
    }
  ).data.page.records[4]!;
  const cultureFound = await adminRequest(editor, 'GET', `${culturesCollection}?filters[pid][$eq]=${culture.id}&pageSize=1`);
  const cultureDocument = String((cultureFound.body as unknown as { results: Array<{ documentId: string }> }).results[0]!.documentId);
  const newTitle = `${culture.title}${marker}`;
  const publishCulture = async (title: string) => {
    expect((await adminRequest(editor, 'PUT', `${culturesCollection}/${cultureDocument}`, { title })).status).toBe(200);
    expect((await adminRequest(editor, 'POST', `${culturesCollection}/${cultureDocument}/actions/publish`, {})).status).toBe(200);
  };
  try {
    expect((await adminRequest(editor, 'PUT', `${entriesCollection}/${document.documentId}`, { name: corrected })).status).toBe(200);
    await publishCulture(newTitle);
    await expect
      .poll(
        async () => jsonLines(await bytesOf(request, '/data/entries.jsonl')).find((r) => r.entry_id === row.entry_id)?.name,
        LIVE_WITHIN,
      )
      .toBe(corrected);
    const csv = readAsExcel(await bytesOf(request, '/data/entries.csv')).text;
    expect(csv).toContain(`,${corrected},`);
    // The change log: a new version first, naming the correction field by field.
    const log = JSON.parse((await bytesOf(request, '/data/changes.json')).toString('utf8')) as {
      versions: Array<{
        version: string;
        previous: string | null;
        changes: { entries: { corrected: Array<{ id: string; fields: Record<string, { before: unknown; after: unknown }> }> } } | null;
      }>;
    };
    const descriptor = JSON.parse((await bytesOf(request, '/data/datapackage.json')).toString('utf8')) as Descriptor;
    expect(log.versions[0]!.version).toBe(descriptor.version);
    const correction = log.versions[0]!.changes!.entries.corrected.find((c) => c.id === row.entry_id);
    expect(correction?.fields.name).toEqual({ before: row.name, after: corrected });
    expect(correction?.fields.name_pinyin?.before).toBe(row.name_pinyin);
    // The package is still whole after a partial update of the site.
    expect((await readServedPackage(request)).problems).toEqual([]);
    // The culture feed leads with the article just published, under its new title.
    await expect
      .poll(
        async () => /<entry>\s*<id>[^<]*<\/id>\s*<title>([^<]*)<\/title>/.exec(await (await request.get('/feeds/culture.xml')).text())?.[1],
        LIVE_WITHIN,
      )
      .toBe(newTitle);
  } finally {
    await adminRequest(editor, 'PUT', `${entriesCollection}/${document.documentId}`, { name: document.name });
    await publishCulture(culture.title);
  }
  await expect
    .poll(async () => jsonLines(await bytesOf(request, '/data/entries.jsonl')).find((r) => r.entry_id === row.entry_id)?.name, LIVE_WITHIN)
    .toBe(row.name);
});

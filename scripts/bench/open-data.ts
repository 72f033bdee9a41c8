/**
 * What the open data adds to a site build: the national list as the build reads it (the same answers the /minglu pages
 * read, so no extra calls in a build), then the time to make the seven tables (with pinyin) and to write every file
 * (CSV, JSON Lines, the data package, DCAT, checksums), and the files' sizes. Runs against a started portal.
 *   ./portal bench open-data        (PORT and HOST as for ./portal start; BENCH_RUNS=3)
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { nextChangeLog } from '../../site/src/lib/open-data/changes.ts';
import { dataFiles } from '../../site/src/lib/open-data/package.ts';
import { listTables, type ListRecords } from '../../site/src/lib/open-data/tables.ts';

const origin = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 8080}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const data = async <T>(path: string): Promise<T> => ((await (await fetch(new URL(path, origin))).json()) as { data: T }).data;

const figures = await data<ListRecords['figures']>('/api/national/figures');
const first = await data<{ page: { pages: number } }>('/api/national/entries?size=100');
const slugs = new Set<string>();
for (let page = 1; page <= first.page.pages; page++) {
  const answer = await data<{ page: { records: Array<{ href: string }> } }>(`/api/national/entries?size=100&page=${page}`);
  for (const entry of answer.page.records) slugs.add(entry.href.split('/').pop()!);
}
const items: ListRecords['items'] = [];
for (const slug of slugs) items.push(await data(`/api/national/items/${slug}`));

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
const tablesMs: number[] = [];
const filesMs: number[] = [];
let files: ReturnType<typeof dataFiles> = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const tables = listTables({ items, figures }, origin);
  const made = performance.now();
  const { log } = nextChangeLog(tables, undefined, { version: 'bench', published: new Date().toISOString() });
  files = dataFiles(tables, log, { version: 'bench', created: new Date().toISOString(), origin });
  tablesMs.push(made - started);
  filesMs.push(performance.now() - made);
}
console.log(
  `开放数据基准：${os.cpus()[0]?.model ?? 'CPU'} × ${os.cpus().length}，负载 ${os.loadavg()[0]!.toFixed(1)}，Node.js ${process.version}，${RUNS} 次取中位`,
);
console.log(`表（含拼音）${median(tablesMs).toFixed(0)} ms，写出全部文件 ${median(filesMs).toFixed(0)} ms`);
for (const file of files) {
  const bytes = Buffer.byteLength(file.content);
  console.log(`  ${file.name.padEnd(24)} ${String(bytes).padStart(9)} B  gzip ${String(gzipSync(file.content).length).padStart(8)} B`);
}

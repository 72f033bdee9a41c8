/**
 * The open data of this build, made once per build (or render generation) however many files are asked for: the
 * tables from the same national-list reads the /minglu pages use (so editors' corrections flow in, and the render
 * service writes the files again when a publish changes those reads), and the change log against the version the
 * site serves now.
 */
import http from 'node:http';
import process from 'node:process';
import { buildOnce } from '../data/build-memo.ts';
import { allNationalItems, nationalFigures } from '../minglu/data.ts';
import { type ChangeLog, LOGGED_TABLES, type LoggedTable, type PublishedVersion, nextChangeLog } from './changes.ts';
import { type DataFile, DATA_PATH, dataFiles, datasetJsonLd, versionName } from './package.ts';
import { type Row, type Table, listTables } from './tables.ts';

export interface OpenData {
  files: DataFile[];
  tables: Table[];
  version: string;
  created: string;
  asOf: { list: string; inheritors: string };
  jsonLd: Record<string, unknown>;
}

/** The inheritors' date from the API's words (截至 2025 年 3 月 → 2025-03). */
export function inheritorsDate(asOf: string): string {
  const match = /(\d{4})\s*年\s*(\d{1,2})\s*月/.exec(asOf);
  return match ? `${match[1]}-${match[2]!.padStart(2, '0')}` : (/(\d{4})/.exec(asOf)?.[1] ?? 'unknown');
}

/**
 * A file of the site being served now (the previous build), read past the render service's recorded fetch: it is
 * not an API answer, and the data files depend on the national list's reads alone. Undefined when there is none.
 */
function servedFile(name: string): Promise<string | undefined> {
  const origin = process.env.PORTAL_API_URL;
  if (!origin) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = http.get(new URL(`${DATA_PATH}${name}`, origin), { timeout: 10_000 }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(undefined);
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

const parseLines = (text: string): Row[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);

/** The published version the site serves now, if it serves one (the first build has none). */
export async function publishedVersion(): Promise<PublishedVersion | undefined> {
  try {
    const [descriptor, log, ...tables] = await Promise.all([
      servedFile('datapackage.json'),
      servedFile('changes.json'),
      ...LOGGED_TABLES.map((name) => servedFile(`${name}.jsonl`)),
    ]);
    if (!descriptor || !log || tables.some((text) => text === undefined)) return undefined;
    const rows = Object.fromEntries(LOGGED_TABLES.map((name, index) => [name, parseLines(tables[index]!)])) as Record<LoggedTable, Row[]>;
    return { version: (JSON.parse(descriptor) as { version: string }).version, rows, log: JSON.parse(log) as ChangeLog };
  } catch {
    // A file cut short or not ours: this version starts a new log rather than failing the build.
    return undefined;
  }
}

async function loadOpenData(origin: string): Promise<OpenData> {
  const [items, figures] = await Promise.all([allNationalItems(), nationalFigures()]);
  const tables = listTables({ items, figures }, origin);
  const listDate = String(Math.max(...figures.batches.map((batch) => batch.batchYear)));
  const created = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const candidate = versionName({ listDate, inheritorsDate: inheritorsDate(figures.asOf.inheritors), built: created });
  const { version, log } = nextChangeLog(tables, await publishedVersion(), { version: candidate, published: created });
  // The version's date is the one its data was first built at (an unchanged list keeps its version).
  const versionCreated = log.versions.find((entry) => entry.version === version)?.published ?? created;
  const meta = { version, created: versionCreated, origin };
  const files = dataFiles(tables, log, meta);
  return {
    files,
    tables,
    version,
    created: versionCreated,
    asOf: figures.asOf,
    jsonLd: datasetJsonLd(files, { ...meta, asOf: `名录${figures.asOf.list}；传承人${figures.asOf.inheritors}` }),
  };
}

/** This build's open data, made once per build. */
export const openData = (origin: string) => buildOnce(`open-data:${origin}`, () => loadOpenData(origin));

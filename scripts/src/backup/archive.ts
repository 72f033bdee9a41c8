import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as tar from 'tar';
import { MANIFEST_FILE, MANIFEST_SUM_FILE, manifestProblem, sha256File, sha256Text, type Manifest } from './manifest.ts';

/** An archive this code will not restore, with the Chinese reason; nothing has been changed when it is thrown. */
export class ArchiveRefused extends Error {}

/** Every file under dir, relative, with forward slashes. */
export function listFiles(dir: string, relative = ''): string[] {
  if (!existsSync(path.join(dir, relative))) return [];
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...listFiles(dir, child));
    else if (entry.isFile()) found.push(child);
  }
  return found.sort();
}

/** Packs a staged archive folder: the manifest first, so a reader meets it before the bulk. */
export async function packArchive(stage: string, file: string): Promise<void> {
  const entries = [
    MANIFEST_FILE,
    MANIFEST_SUM_FILE,
    ...readdirSync(stage)
      .filter((name) => name !== MANIFEST_FILE && name !== MANIFEST_SUM_FILE)
      .sort(),
  ];
  await tar.create({ gzip: { level: 6 }, file, cwd: stage, portable: true, noDirRecurse: false }, entries);
}

/** Unpacks an archive as it is (no checks: for tests and tools that look inside). */
export async function unpackArchive(file: string, into: string): Promise<void> {
  await tar.extract({ file, cwd: into });
}

/**
 * Unpacks an archive into an empty folder and checks it whole before anything is believed: it unpacks (gzip's CRC and
 * tar's headers), its manifest matches its checksum, is of a format and a schema this code restores, every file it
 * lists is there with its size and SHA-256, no file is there it does not list, and every table holds the rows it says.
 */
export async function unpackAndVerify(file: string, into: string, fingerprint: string): Promise<Manifest> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new ArchiveRefused(`找不到备份文件：${file}`);
  mkdirSync(into, { recursive: true });
  try {
    await tar.extract({ file, cwd: into, strict: true, preservePaths: false });
  } catch (error) {
    throw new ArchiveRefused(`备份文件已损坏或不完整，无法解压（${(error as Error).message}）`);
  }
  const manifestPath = path.join(into, MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new ArchiveRefused('这不是非遗门户的备份文件（其中没有 manifest.json）');
  const manifestText = readFileSync(manifestPath);
  const sumPath = path.join(into, MANIFEST_SUM_FILE);
  if (!existsSync(sumPath) || readFileSync(sumPath, 'utf8').trim() !== sha256Text(manifestText))
    throw new ArchiveRefused('备份清单 manifest.json 的校验和不符：文件已损坏或被改动');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveRefused('备份清单 manifest.json 无法解析');
  }
  const problem = manifestProblem(manifest, fingerprint);
  if (problem) throw new ArchiveRefused(problem);

  const present = new Set(listFiles(into).filter((name) => name !== MANIFEST_FILE && name !== MANIFEST_SUM_FILE));
  for (const [name, expected] of Object.entries(manifest.files)) {
    const local = path.join(into, name);
    if (!present.delete(name)) throw new ArchiveRefused(`备份不完整：缺少文件 ${name}`);
    if (statSync(local).size !== expected.size || (await sha256File(local)) !== expected.sha256)
      throw new ArchiveRefused(`备份已损坏：文件 ${name} 的校验和不符`);
  }
  if (present.size > 0) throw new ArchiveRefused(`备份中有清单未列出的文件：${[...present].slice(0, 3).join('、')}`);
  for (const table of manifest.tables) {
    const rows = await countLines(path.join(into, table.file));
    if (rows !== table.rows) throw new ArchiveRefused(`备份已损坏：表 ${table.name} 应有 ${table.rows} 行，实有 ${rows} 行`);
  }
  return manifest;
}

async function countLines(file: string): Promise<number> {
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line) count += 1;
  return count;
}

/** A table file's rows, in batches. */
export async function* readRows(file: string, batch = 1_000): AsyncGenerator<unknown[][]> {
  let rows: unknown[][] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    rows.push(JSON.parse(line) as unknown[]);
    if (rows.length >= batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

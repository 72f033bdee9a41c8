import { once } from 'node:events';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { listFiles, packArchive } from './archive.ts';
import {
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_FILE,
  MANIFEST_SUM_FILE,
  projectCommit,
  schemaFingerprint,
  sha256File,
  sha256Text,
  type Manifest,
  type TableEntry,
} from './manifest.ts';
import { postgresSource } from './postgres.ts';
import { sealSecrets } from './secrets-box.ts';
import { snapshotSqlite, sqliteSource } from './sqlite.ts';
import type { TableSource } from './tables.ts';
import { downloadBucket, type BucketSettings } from './uploads-s3.ts';

/** Where the portal's data lives: its database and its uploads. */
export type DatabaseLocation = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };
export type UploadsLocation = { kind: 'local'; dir: string } | { kind: 's3'; bucket: BucketSettings };

export interface BackupOptions {
  database: DatabaseLocation;
  uploads: UploadsLocation;
  /** The archive's full path. */
  archive: string;
  /** A folder for staging, on the uploads' file system when they are local (files are hard-linked, not copied). */
  workDir: string;
  secrets?: { file: string; passphrase: string } | undefined;
  log?: (line: string) => void;
}

export interface BackupResult {
  archive: string;
  sizeBytes: number;
  tables: number;
  rows: number;
  files: number;
  durationMs: number;
  manifest: Manifest;
}

/** The archive's file name: sortable by time, engine named. */
export function archiveName(engine: string, at = new Date()): string {
  return `feiyi-backup-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-${engine}.tar.gz`;
}

async function writeTable(source: TableSource['tables'] extends () => Promise<(infer T)[]> ? T : never, file: string): Promise<number> {
  const out = createWriteStream(file);
  let rows = 0;
  let buffer = '';
  for await (const row of source.rows()) {
    buffer += `${JSON.stringify(row)}\n`;
    rows += 1;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return rows;
}

/** Hard-links (or, across file systems, copies) every upload into the stage: a consistent set, at no cost in space. */
function stageLocalUploads(dir: string, into: string): number {
  let count = 0;
  for (const file of listFiles(dir)) {
    const target = path.join(into, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(path.join(dir, file), target);
    } catch {
      copyFileSync(path.join(dir, file), target);
    }
    count += 1;
  }
  return count;
}

/**
 * One consistent archive of the portal while it serves: the database first (a SQLite snapshot, or one PostgreSQL
 * transaction), then the uploads (files are only ever added by Strapi, so those the snapshot names are there), the
 * secrets when asked for, and the manifest with a checksum of every file. Written under a temporary name and renamed,
 * so a reader never sees half an archive.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  mkdirSync(options.workDir, { recursive: true });
  const stage = mkdtempSync(path.join(options.workDir, 'backup-'));
  const snapshot = path.join(options.workDir, `${path.basename(stage)}.sqlite`);
  try {
    mkdirSync(path.join(stage, 'tables'));
    let source: TableSource;
    if (options.database.engine === 'sqlite') {
      if (!existsSync(options.database.file)) throw new Error(`找不到数据库文件：${options.database.file}`);
      log('数据库快照（SQLite VACUUM INTO）…');
      snapshotSqlite(options.database.file, snapshot);
      source = sqliteSource(snapshot);
    } else {
      log('数据库快照（PostgreSQL 可重复读只读事务）…');
      source = await postgresSource(options.database.url);
    }
    const tables: TableEntry[] = [];
    try {
      for (const table of await source.tables()) {
        const file = `tables/${table.name}.ndjson`;
        const rows = await writeTable(table, path.join(stage, file));
        tables.push({ name: table.name, columns: table.columns, rows, file });
      }
    } finally {
      await source.close();
      rmSync(snapshot, { force: true });
    }
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    log(`已读出 ${tables.length} 张表，共 ${rows} 行`);

    const uploadsDir = path.join(stage, 'uploads');
    mkdirSync(uploadsDir);
    const uploadCount =
      options.uploads.kind === 'local'
        ? stageLocalUploads(options.uploads.dir, uploadsDir)
        : await downloadBucket(options.uploads.bucket, uploadsDir);
    log(`已收集上传文件 ${uploadCount} 个`);

    if (options.secrets) {
      writeFileSync(path.join(stage, 'secrets.enc'), sealSecrets(readFileSync(options.secrets.file), options.secrets.passphrase));
      log('已加入加密的密钥文件');
    }

    const files: Manifest['files'] = {};
    let uploadBytes = 0;
    for (const file of listFiles(stage)) {
      const size = statSync(path.join(stage, file)).size;
      files[file] = { sha256: await sha256File(path.join(stage, file)), size };
      if (file.startsWith('uploads/')) uploadBytes += size;
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      commit: projectCommit(),
      engine: options.database.engine,
      schemaFingerprint: schemaFingerprint(),
      tables,
      uploads: { source: options.uploads.kind, files: uploadCount, bytes: uploadBytes },
      files,
      secrets: Boolean(options.secrets),
    };
    const manifestText = `${JSON.stringify(manifest, null, 1)}\n`;
    writeFileSync(path.join(stage, MANIFEST_FILE), manifestText);
    writeFileSync(path.join(stage, MANIFEST_SUM_FILE), `${sha256Text(manifestText)}\n`);

    log('压缩打包…');
    mkdirSync(path.dirname(options.archive), { recursive: true });
    const partial = `${options.archive}.partial`;
    await packArchive(stage, partial);
    renameSync(partial, options.archive);
    return {
      archive: options.archive,
      sizeBytes: statSync(options.archive).size,
      tables: tables.length,
      rows,
      files: uploadCount,
      durationMs: Date.now() - started,
      manifest,
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(`${options.archive}.partial`, { force: true });
  }
}

/** Keeps the newest `keep` archives in a folder (names sort by time), removing the older ones; returns those removed. */
export function pruneArchives(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const archives = readdirSync(dir)
    .filter((name) => /^feiyi-backup-\d{8}-\d{6}-\w+\.tar\.gz$/.test(name))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 30) return `${(bytes / (1 << 30)).toFixed(2)} GB`;
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

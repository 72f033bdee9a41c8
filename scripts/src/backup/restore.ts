import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Secrets } from '../secrets.ts';
import { readRows, unpackAndVerify } from './archive.ts';
import { createBackup, type BackupResult, type DatabaseLocation, type UploadsLocation } from './backup.ts';
import { schemaFingerprint, type Manifest } from './manifest.ts';
import { databaseName, onMaintenance, postgresWriter, withDatabase } from './postgres.ts';
import { openSecrets } from './secrets-box.ts';
import { createSchemaWithStrapi } from './side-schema.ts';
import { sqliteWriter } from './sqlite.ts';
import { KEPT_TABLES, type TableWriter } from './tables.ts';
import { mirrorToBucket } from './uploads-s3.ts';

export interface RestoreOptions {
  archive: string;
  /** Where the restored portal's data goes. */
  database: DatabaseLocation;
  uploads: UploadsLocation;
  workDir: string;
  /** The secrets the side CMS starts with (those of this checkout); asked for once the archive is found sound. */
  secrets: Secrets | (() => Secrets);
  /** Work that may change things (building the CMS), done only once the archive is found sound. */
  prepare?: () => Promise<void>;
  /** With a passphrase: the archive's secrets replace this file. */
  restoreSecrets?: { file: string; passphrase: string } | undefined;
  /** Stops the running portal (after the side database is loaded, before anything is swapped). */
  stopPortal?: () => Promise<void>;
  /** Where the backup of the state being replaced goes (skipped when there is no state yet). */
  preRestoreArchive?: string | undefined;
  /** The built site, removed so the next start builds it in full from the restored content. */
  siteDir?: string | undefined;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  durationMs: number;
  preRestore?: BackupResult | undefined;
}

/** Every row the manifest counts (the backup's summary says this number). */
export const manifestRows = (manifest: Manifest): number => manifest.tables.reduce((sum, table) => sum + table.rows, 0);

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 17);

async function databaseExists(database: DatabaseLocation): Promise<boolean> {
  if (database.engine === 'sqlite') return existsSync(database.file);
  return onMaintenance(database.url, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(database.url)]);
    return (rowCount ?? 0) > 0;
  });
}

/** Loads every table of the unpacked archive into the side database and checks each table's count against the manifest. */
async function loadTables(writer: TableWriter, dir: string, manifest: Manifest): Promise<number> {
  let rows = 0;
  try {
    // What the side database's first start wrote (roles, the admin …) goes: the archive's rows are the whole truth.
    await writer.clear((await writer.tableNames()).filter((name) => !KEPT_TABLES.has(name)));
    for (const table of manifest.tables) {
      if (KEPT_TABLES.has(table.name)) continue;
      const target = await writer.columns(table.name);
      if (!target) throw new Error(`目标数据库没有表 ${table.name}：代码与备份的结构不一致`);
      const kinds = new Map(target.map((column) => [column.name, column.kind]));
      const missing = table.columns.filter((column) => !kinds.has(column.name));
      if (missing.length > 0) throw new Error(`目标数据库的表 ${table.name} 缺少列 ${missing.map((column) => column.name).join('、')}`);
      // Values are bound as the target declares its columns (a decimal is a float column on SQLite, numeric on PostgreSQL).
      const columns = table.columns.map((column) => ({ name: column.name, kind: kinds.get(column.name)! }));
      for await (const batch of readRows(path.join(dir, table.file))) await writer.insert(table.name, columns, batch);
      const count = await writer.count(table.name);
      if (count !== table.rows) throw new Error(`表 ${table.name} 恢复后有 ${count} 行，清单为 ${table.rows} 行`);
      rows += count;
    }
    await writer.commit();
    return rows;
  } catch (error) {
    await writer.rollback();
    throw error;
  }
}

/**
 * Restores an archive: verified whole, loaded into a side database (made by Strapi, filled from the archive) while the
 * running portal still serves; only then the portal is stopped, the state it had is backed up, and the side database
 * and uploads take the place of the old ones. Anything failing before that swap leaves everything as it was.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  mkdirSync(options.workDir, { recursive: true });
  const unpacked = mkdtempSync(path.join(options.workDir, 'restore-'));
  const id = stamp();
  const side: DatabaseLocation =
    options.database.engine === 'sqlite'
      ? { engine: 'sqlite', file: `${options.database.file}.restoring-${id}` }
      : { engine: 'postgres', url: withDatabase(options.database.url, `${databaseName(options.database.url)}_restoring_${id}`) };
  let sideCreated = false;
  let swapped = false;
  try {
    log('校验备份（解压、清单、结构指纹、每个文件的 SHA-256）…');
    const manifest = await unpackAndVerify(options.archive, unpacked, schemaFingerprint());
    let secretsText: Buffer | undefined;
    if (options.restoreSecrets) {
      if (!manifest.secrets) throw new Error('此备份不含密钥文件（备份时未使用 --with-secrets）');
      secretsText = openSecrets(readFileSync(path.join(unpacked, 'secrets.enc')), options.restoreSecrets.passphrase);
    }
    log(`备份有效：${manifest.createdAt}，${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}，提交 ${manifest.commit}`);

    log('在旁路数据库中建立结构（Strapi 首次启动，不写种子）…');
    if (side.engine === 'postgres') {
      await onMaintenance(side.url, (client) => client.query(`CREATE DATABASE "${databaseName(side.url)}"`));
    }
    sideCreated = true;
    await options.prepare?.();
    const secrets = typeof options.secrets === 'function' ? options.secrets() : options.secrets;
    await createSchemaWithStrapi(side, { secrets, workDir: options.workDir });
    log('写入备份中的数据…');
    const writer = side.engine === 'sqlite' ? sqliteWriter(side.file) : await postgresWriter(side.url);
    const rows = await loadTables(writer, unpacked, manifest);
    // Said with the manifest's total, as the backup said it: Strapi's own schema record (KEPT_TABLES) is rebuilt, not copied.
    log(`旁路数据库已就绪：${manifest.tables.length} 张表，${manifestRows(manifest)} 行，与清单一致`);

    // Everything is ready: only now the running portal is touched.
    if (options.stopPortal) {
      log('停止正在运行的门户…');
      await options.stopPortal();
    }
    let preRestore: BackupResult | undefined;
    if (options.preRestoreArchive && (await databaseExists(options.database))) {
      log('为当前数据做恢复前备份…');
      preRestore = await createBackup({
        database: options.database,
        uploads: options.uploads,
        archive: options.preRestoreArchive,
        workDir: options.workDir,
      });
      log(`恢复前备份：${preRestore.archive}`);
    }

    log('替换数据库与上传文件…');
    swapped = true;
    await swapDatabase(options.database, side);
    sideCreated = false;
    await swapUploads(options.uploads, path.join(unpacked, 'uploads'), id);
    if (secretsText && options.restoreSecrets) writeFileSync(options.restoreSecrets.file, secretsText, { mode: 0o600 });
    if (options.siteDir) rmSync(options.siteDir, { recursive: true, force: true });
    return { manifest, tables: manifest.tables.length, rows, files: manifest.uploads.files, durationMs: Date.now() - started, preRestore };
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
    if (sideCreated && !swapped) await dropSide(side).catch(() => undefined);
  }
}

async function dropSide(side: DatabaseLocation): Promise<void> {
  if (side.engine === 'sqlite') {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${side.file}${suffix}`, { force: true });
    return;
  }
  await onMaintenance(side.url, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName(side.url)}" WITH (FORCE)`));
}

async function swapDatabase(target: DatabaseLocation, side: DatabaseLocation): Promise<void> {
  if (target.engine === 'sqlite' && side.engine === 'sqlite') {
    mkdirSync(path.dirname(target.file), { recursive: true });
    for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${target.file}${suffix}`, { force: true });
    renameSync(side.file, target.file);
    return;
  }
  if (target.engine === 'postgres' && side.engine === 'postgres') {
    const name = databaseName(target.url);
    const old = `${name}_replaced_${stamp()}`;
    await onMaintenance(target.url, async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) {
        // Connections left by the stopped portal (or anyone else) would block the rename.
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await client.query(`ALTER DATABASE "${name}" RENAME TO "${old}"`);
      }
      await client.query(`ALTER DATABASE "${databaseName(side.url)}" RENAME TO "${name}"`);
      if (rowCount) await client.query(`DROP DATABASE "${old}" WITH (FORCE)`);
    });
  }
}

async function swapUploads(target: UploadsLocation, restored: string, id: string): Promise<void> {
  if (target.kind === 's3') {
    await mirrorToBucket(target.bucket, restored);
    return;
  }
  const incoming = `${target.dir}.restoring-${id}`;
  const old = `${target.dir}.replaced-${id}`;
  mkdirSync(path.dirname(target.dir), { recursive: true });
  try {
    renameSync(restored, incoming);
  } catch {
    cpSync(restored, incoming, { recursive: true });
  }
  if (existsSync(target.dir)) renameSync(target.dir, old);
  renameSync(incoming, target.dir);
  rmSync(old, { recursive: true, force: true });
}

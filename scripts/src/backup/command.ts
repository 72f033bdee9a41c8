import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildCms } from '../builds.ts';
import { RUNTIME_DIR, SECRETS_FILE } from '../paths.ts';
import { readPortalState, type PortalState } from '../portal-state.ts';
import { CommandError, stopProcess } from '../processes.ts';
import { loadOrCreateSecrets } from '../secrets.ts';
import { defaultUploadStorePort } from '../scale.ts';
import { startUploadStore, uploadStoreEnv } from '../upload-store.ts';
import { ArchiveRefused } from './archive.ts';
import {
  archiveName,
  createBackup,
  formatBytes,
  pruneArchives,
  type BackupResult,
  type DatabaseLocation,
  type UploadsLocation,
} from './backup.ts';
import { manifestRows, restoreBackup } from './restore.ts';
import { WrongPassphrase } from './secrets-box.ts';
import { bucketFromUrl, client, deleteObjects, listBucket, putFile, uploadsBucket, type BucketSettings } from './uploads-s3.ts';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

const log = (line: string) => console.log(`» ${line}`);
export const BACKUP_DIR = path.join(RUNTIME_DIR, 'backups');
const WORK_DIR = path.join(RUNTIME_DIR, 'tmp');

export interface PortalData {
  database: DatabaseLocation;
  uploads: UploadsLocation;
  /** Stops what was needed to reach the data (a local upload store started for the occasion). */
  release(): Promise<void>;
  /** Makes the local upload store reachable again (a stopped portal took its store with it). */
  reachStore(): Promise<void>;
  running?: PortalState | undefined;
}

/**
 * The data of the portal in this checkout: the running one's (its state file), or the one a start with this profile
 * and environment would serve. The scale profile's local upload store is started for the occasion when it is down.
 */
export async function portalData(options: { scale: boolean; scaleDatabaseUrl: string }): Promise<PortalData> {
  const running = readPortalState();
  const scale = running ? running.profile === 'scale' : options.scale;
  const databaseUrl = running ? running.databaseUrl : process.env.DATABASE_URL || (scale ? options.scaleDatabaseUrl : undefined);
  const database: DatabaseLocation = databaseUrl
    ? { engine: 'postgres', url: databaseUrl }
    : { engine: 'sqlite', file: running?.sqliteFile ?? path.join(RUNTIME_DIR, 'data', 'portal.db') };
  // The scale profile's local S3-compatible store belongs to the running portal, or is started here when none runs.
  const localStore = running
    ? running.localUploadStore
    : scale && !process.env.S3_BUCKET
      ? {
          host: process.env.HOST ?? '127.0.0.1',
          port: Number(process.env.UPLOAD_STORE_PORT ?? defaultUploadStorePort(Number(process.env.PORT ?? 8080))),
        }
      : undefined;
  const bucket = localStore ? uploadsBucket(uploadStoreEnv(localStore)) : uploadsBucket(running?.uploadsEnv ?? process.env);
  const started: Array<() => Promise<void>> = [];
  // Reachable, or started for the occasion (stopped by release): again after a restore stopped the portal that ran it.
  const reachStore = async () => {
    if (
      !localStore ||
      (await listBucket(bucket!).then(
        () => true,
        () => false,
      ))
    )
      return;
    const store = await startUploadStore({
      ...localStore,
      directory: path.join(RUNTIME_DIR, 'upload-store'),
      logDir: path.join(RUNTIME_DIR, 'logs'),
    });
    started.push(() => store.stop());
  };
  await reachStore();
  const release = async () => {
    for (const stop of started.splice(0)) await stop();
  };
  const uploads: UploadsLocation = bucket
    ? { kind: 's3', bucket }
    : { kind: 'local', dir: path.join(running?.publicDir ?? path.join(RUNTIME_DIR, 'cms-public'), 'uploads') };
  return { database, uploads, release, running, reachStore };
}

/** BACKUP_PASSPHRASE, or asked at the terminal (not echoed). */
export async function askPassphrase(purpose: string): Promise<string> {
  const fromEnv = process.env.BACKUP_PASSPHRASE;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new CommandError(`${purpose}需要口令：请设置环境变量 BACKUP_PASSPHRASE，或在终端中运行以输入口令`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput(text: string): void };
  const question = `${purpose}口令：`;
  output._writeToOutput = (text: string) => {
    if (text.includes(question)) process.stdout.write(question);
  };
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write('\n');
  if (answer.length < 8) throw new CommandError('口令至少 8 个字符');
  return answer;
}

export const summaryLine = (result: Pick<BackupResult, 'sizeBytes' | 'tables' | 'rows' | 'files' | 'durationMs'>) =>
  `${formatBytes(result.sizeBytes)}，${result.tables} 张表，${result.rows} 行，${result.files} 个文件，用时 ${(result.durationMs / 1000).toFixed(1)} 秒`;

/** One backup to a folder or a bucket, keeping the newest `keep` there when asked. */
export async function backupTo(
  data: Pick<PortalData, 'database' | 'uploads'>,
  options: {
    to: string;
    keep?: number | undefined;
    secrets?: { file: string; passphrase: string } | undefined;
    log?: (line: string) => void;
  },
): Promise<BackupResult> {
  const name = archiveName(data.database.engine);
  const toBucket = options.to.startsWith('s3://');
  const archive = toBucket ? path.join(WORK_DIR, name) : path.resolve(options.to, name);
  const result = await createBackup({ ...data, archive, workDir: WORK_DIR, secrets: options.secrets, log: options.log });
  if (!toBucket) {
    if (options.keep) pruneArchives(path.dirname(archive), options.keep);
    return result;
  }
  const bucket: BucketSettings = bucketFromUrl(options.to, process.env);
  try {
    options.log?.(`上传到存储桶 ${options.to} …`);
    const url = await putFile(bucket, name, archive);
    if (options.keep) {
      const archives = (await listBucket(bucket)).filter((key) => /^feiyi-backup-\d{8}-\d{6}-\w+\.tar\.gz$/.test(key)).sort();
      await deleteObjects(bucket, archives.slice(0, Math.max(0, archives.length - options.keep)));
    }
    return { ...result, archive: url };
  } finally {
    rmSync(archive, { force: true });
  }
}

function readKeep(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const keep = Number(value);
  if (!Number.isInteger(keep) || keep < 1) throw new CommandError('--keep 须为正整数（保留最新的几份备份）');
  return keep;
}

export async function backupCommand(
  flags: { to?: string | undefined; keep?: string | undefined; 'with-secrets'?: boolean | undefined },
  profile: { scale: boolean; scaleDatabaseUrl: string },
): Promise<void> {
  const keep = readKeep(flags.keep);
  const secrets = flags['with-secrets'] ? { file: SECRETS_FILE, passphrase: await askPassphrase('加密密钥文件的') } : undefined;
  if (secrets && !existsSync(secrets.file)) throw new CommandError(`找不到密钥文件 ${secrets.file}`);
  const data = await portalData(profile);
  try {
    if (data.database.engine === 'sqlite' && !existsSync(data.database.file))
      throw new CommandError(`找不到数据库 ${path.relative(process.cwd(), data.database.file)}：门户尚未启动过，没有可备份的数据`);
    const result = await backupTo(data, { to: flags.to ?? BACKUP_DIR, keep, secrets, log });
    console.log(`✓ 备份完成：${result.archive}（${summaryLine(result)}）`);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(`备份失败：${(error as Error).message}`);
  } finally {
    await data.release();
  }
}

async function fetchArchive(source: string): Promise<{ file: string; cleanup: () => void }> {
  if (!source.startsWith('s3://')) return { file: path.resolve(source), cleanup: () => undefined };
  const bucket = bucketFromUrl(source.replace(/\/[^/]+$/, ''), process.env);
  const name = source.slice(source.lastIndexOf('/') + 1);
  mkdirSync(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, `download-${name}`);
  const object = await client(bucket).send(
    new GetObjectCommand({ Bucket: bucket.bucket, Key: bucket.prefix ? `${bucket.prefix}/${name}` : name }),
  );
  await pipeline(object.Body as Readable, createWriteStream(file));
  return { file, cleanup: () => rmSync(file, { force: true }) };
}

export async function restoreCommand(
  archive: string | undefined,
  flags: { 'with-secrets'?: boolean | undefined },
  profile: { scale: boolean; scaleDatabaseUrl: string },
): Promise<void> {
  if (!archive) throw new CommandError('用法：./portal restore <备份文件或 s3://存储桶/路径> [--profile scale] [--with-secrets]');
  const restoreSecrets = flags['with-secrets']
    ? { file: SECRETS_FILE, passphrase: await askPassphrase('解密备份中密钥文件的') }
    : undefined;
  const data = await portalData(profile);
  const fetched = await fetchArchive(archive).catch((error: Error) => {
    throw new CommandError(`无法取得备份 ${archive}：${error.message}`);
  });
  try {
    const result = await restoreBackup({
      archive: fetched.file,
      database: data.database,
      uploads: data.uploads,
      workDir: WORK_DIR,
      secrets: () => loadOrCreateSecrets(SECRETS_FILE).secrets,
      prepare: () => buildCms(log),
      restoreSecrets,
      stopPortal: data.running
        ? async () => {
            await stopProcess(data.running!.pid, 60_000);
            await data.reachStore();
          }
        : undefined,
      preRestoreArchive: path.join(BACKUP_DIR, archiveName(data.database.engine).replace('feiyi-backup-', 'pre-restore-')),
      siteDir: path.join(RUNTIME_DIR, 'site'),
      log,
    });
    if (result.preRestore) log(`恢复前的数据已备份到 ${result.preRestore.archive}（需要撤销时用它恢复）`);
    console.log(
      `✓ 恢复完成：${result.tables} 张表，${manifestRows(result.manifest)} 行，${result.files} 个文件，用时 ${(result.durationMs / 1000).toFixed(1)} 秒。运行 ./portal start${data.database.engine === 'postgres' ? ' --profile scale' : ''} 启动（网站将按恢复的内容完整重建）`,
    );
  } catch (error) {
    if (error instanceof ArchiveRefused || error instanceof WrongPassphrase) throw new CommandError(`${error.message}。未做任何改动`);
    if (error instanceof CommandError) throw error;
    throw new CommandError(`恢复失败：${(error as Error).message}`);
  } finally {
    fetched.cleanup();
    await data.release();
  }
}

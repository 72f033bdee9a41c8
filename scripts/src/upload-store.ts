import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertPortFree, startService, waitForHttp, type Service } from './processes.ts';

/**
 * The scale profile's upload store: a local S3-compatible server (s3rver) standing in for S3, OSS or COS. The CMS
 * writes uploads to its bucket through Strapi's S3 provider; nginx serves them under /uploads/.
 */
export interface UploadStoreOptions {
  host: string;
  port: number;
  /** The store's files (one folder per bucket inside). */
  directory: string;
  logDir: string;
  /** The site's bucket too, when the site is synced to this store (SITE_S3_BUCKET). */
  siteBucket?: string | undefined;
}

export const UPLOAD_STORE_BUCKET = 'feiyi-media';
/** s3rver's one account: it checks every request's signature against these keys. */
const LOCAL_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const SERVE = path.join(import.meta.dirname, 'upload-store', 'serve.ts');

/** The bucket's own address (path style), from which nginx serves /uploads/. */
export const uploadStoreBucketUrl = (options: Pick<UploadStoreOptions, 'host' | 'port'>) =>
  `http://${options.host}:${options.port}/${UPLOAD_STORE_BUCKET}`;

/** The CMS's settings for this store (cms/src/media/upload-store.ts reads them). */
export function uploadStoreEnv(options: Pick<UploadStoreOptions, 'host' | 'port'>): NodeJS.ProcessEnv {
  return {
    S3_BUCKET: UPLOAD_STORE_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://${options.host}:${options.port}`,
    S3_ACCESS_KEY_ID: LOCAL_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: LOCAL_KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PUBLIC_URL: '/uploads',
    // Whatever else the environment says about another bucket does not apply to this one.
    S3_ROOT_PATH: '',
    S3_ACL: '',
  };
}

/** Starts the store and waits until its bucket answers. Its stop() ends the store running now, whoever started it. */
export async function startUploadStore(options: UploadStoreOptions): Promise<Service> {
  await assertPortFree(options.port, options.host, '上传存储（S3 兼容）');
  mkdirSync(options.directory, { recursive: true });
  const service = startService({
    name: 'upload-store',
    command: process.execPath,
    args: [
      SERVE,
      options.host,
      String(options.port),
      options.directory,
      UPLOAD_STORE_BUCKET,
      ...(options.siteBucket ? [options.siteBucket] : []),
    ],
    cwd: path.dirname(SERVE),
    env: { PATH: process.env.PATH },
    logDir: options.logDir,
  });
  // An anonymous request for a missing object: 404 once the bucket exists.
  await waitForHttp(`${uploadStoreBucketUrl(options)}/.ready`, service, { expect: [404] });
  const stopChild = service.stop.bind(service);
  return { ...service, stop: async () => Promise.all([stopChild(), stopByPidFile(options.directory)]).then(() => undefined) };
}

/** Ends the store whose pid its directory's pid file names (a restarted one is not this process's child). */
async function stopByPidFile(directory: string): Promise<void> {
  const pidFile = `${directory}.pid`;
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  // After a SIGKILL the file outlives its store: never signal a process that is not a store serving this directory.
  if (!Number.isInteger(pid) || pid <= 0 || !servesDirectory(pid, directory)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 50 && isAlive(pid); i += 1) await sleep(100);
}

function servesDirectory(pid: number, directory: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.includes(SERVE) && args.includes(directory);
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

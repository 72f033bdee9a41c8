import { createHash } from 'node:crypto';
import { type Dirent, existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type ObjectCannedACL } from '@aws-sdk/client-s3';
import { CommandError } from './processes.ts';

/**
 * The static site on object storage (S3, OSS, COS … behind a CDN): after every successful build, SiteBuilder hands
 * the served folder to sync(), which uploads what is new or changed and deletes what the build no longer has.
 *
 * Visitors never get a page that names a file the bucket lacks: the hashed scripts and styles (and every other file a
 * page may load) go up before the pages, new pages before the changed ones that link to them, and nothing is
 * deleted until every upload has succeeded. A sync that fails half-way leaves the earlier pages with the earlier
 * files; the next sync starts over from what the bucket holds.
 *
 * What the bucket holds is kept in a manifest object in the bucket itself (MANIFEST_KEY: each file's MD5 and
 * headers), not read from a listing: only files a sync put there are ever deleted, so a bucket that also holds other
 * files (uploads, say) keeps them; and a change of the headers alone is uploaded again.
 */

/** The settings: the bucket is the site's own (SITE_S3_BUCKET); the account, endpoint and ACL are the upload store's (S3_*). */
export interface SiteBucketSettings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Each object's canned ACL (S3_ACL, default public-read); undefined: none sent (buckets with ACLs turned off). */
  acl?: string | undefined;
}

/** SITE_S3_BUCKET and the upload store's S3_* settings, or undefined when no site bucket is named; wrong settings say what is missing. */
export function siteBucketSettings(env: NodeJS.ProcessEnv): SiteBucketSettings | undefined {
  const bucket = env.SITE_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0)
    throw new CommandError(`网站同步设置不完整：给出 SITE_S3_BUCKET 时还需要 ${missing.join('、')}（与上传存储共用的 S3 设置）`);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', '1', 'false', '0'].includes(pathStyle))
    throw new CommandError(`S3_FORCE_PATH_STYLE 只能是 true 或 false，得到：${pathStyle}`);
  const acl = env.S3_ACL || 'public-read';
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    acl: acl === 'none' ? undefined : acl,
  };
}

/** The bucket's record of what a sync put there. */
export const MANIFEST_KEY = '.site-manifest.json';

/** The same caching as nginx's for the served folder (deploy/nginx/portal.conf.template). */
export const PAGE_CACHE = 'public, max-age=0, must-revalidate';
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
};

/** A file's Content-Type and Cache-Control in the bucket, from its key (its path in the built site). */
export function objectHeaders(key: string): { contentType: string; cacheControl: string } {
  const ext = path.extname(key).slice(1).toLowerCase();
  return {
    contentType: TYPES[ext] ?? 'application/octet-stream',
    cacheControl: key.startsWith('_astro/') ? ASSET_CACHE : PAGE_CACHE,
  };
}

const isPage = (key: string) => key.endsWith('.html');

/**
 * The files of a built site that visitors may be served, by key: not the build's server part (_server/, the preview
 * renderer's code, which nginx refuses too), nor the .br and .gz copies made for nginx (a bucket cannot choose among
 * them per request; the CDN compresses).
 */
export function siteFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, file).split(path.sep).join('/');
    if (key.startsWith('_server/')) continue;
    if (/\.(br|gz)$/.test(key) && existsSync(file.slice(0, -3))) continue;
    files.set(key, file);
  }
  return files;
}

/** What one sync did. */
export interface SyncResult {
  uploaded: number;
  deleted: number;
}

/** A sync that did not finish: the bucket still serves the previous pages, each with its files. */
export class SiteSyncError extends Error {}

/** The part of the S3 client a sync uses (a test may stand in for the store). */
export interface ObjectStore {
  send(command: GetObjectCommand | PutObjectCommand | DeleteObjectCommand): Promise<unknown>;
}

/** Each file's MD5 by path, with the inode, size and time it was computed for (builds replace files, never rewrite them). */
type Digests = Map<string, { stamp: string; md5: string }>;

/** How many requests a sync keeps in flight. */
const PARALLEL = 8;

export class SiteBucket {
  readonly settings: SiteBucketSettings;
  private readonly store: ObjectStore;
  /** What the bucket holds (key → MD5 and headers): read from its manifest at the first sync, kept up to date after. */
  private held: Map<string, string> | undefined;
  private digests: Digests = new Map();
  /** Whether the manifest in the bucket lags behind `held` (files put or deleted since it was written, or none there yet). */
  private manifestBehind = false;

  constructor(settings: SiteBucketSettings, store?: ObjectStore) {
    this.settings = settings;
    this.store =
      store ??
      new S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // As for uploads (cms/src/media/upload-store.ts): several S3-compatible stores refuse the SDK's CRC checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      });
  }

  /** Brings the bucket to the folder's files: see the module's comment for the order. */
  async sync(dir: string): Promise<SyncResult> {
    const files = siteFiles(dir);
    const wanted = new Map<string, string>();
    const digests: Digests = new Map();
    for (const [key, file] of files) {
      const { contentType, cacheControl } = objectHeaders(key);
      wanted.set(key, `${await this.md5(file, digests)} ${contentType} ${cacheControl}`);
    }
    this.digests = digests;
    const held = await this.holding();
    const changed = [...wanted.keys()].filter((key) => held.get(key) !== wanted.get(key));
    const removed = [...held.keys()].filter((key) => !wanted.has(key));
    const stages = [
      changed.filter((key) => !isPage(key)),
      changed.filter((key) => isPage(key) && !held.has(key)),
      changed.filter((key) => isPage(key) && held.has(key)),
    ];
    for (const keys of stages) {
      await inParallel(keys, async (key) => {
        await this.put(key, files.get(key)!);
        held.set(key, wanted.get(key)!);
        this.manifestBehind = true;
      });
    }
    await inParallel(removed, async (key) => {
      await this.request(`删除 ${key}`, new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      held.delete(key);
      this.manifestBehind = true;
    });
    if (this.manifestBehind) await this.storeManifest(held);
    return { uploaded: changed.length, deleted: removed.length };
  }

  private async holding(): Promise<Map<string, string>> {
    if (this.held) return this.held;
    let text: string | undefined;
    try {
      const answer = (await this.store.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: MANIFEST_KEY }))) as {
        Body?: { transformToString(): Promise<string> };
      };
      text = await answer.Body?.transformToString();
    } catch (error) {
      // No manifest: nothing synced yet, every file goes up (and the manifest is written even if there are none).
      if ((error as Error).name !== 'NoSuchKey') throw new SiteSyncError(this.failure('读取同步记录', error));
      this.manifestBehind = true;
    }
    let files: Record<string, string> = {};
    try {
      if (text) files = (JSON.parse(text) as { files?: Record<string, string> }).files ?? {};
    } catch {
      throw new SiteSyncError(
        `网站同步到对象存储（存储桶 ${this.settings.bucket}）时读取同步记录失败：${MANIFEST_KEY} 无法解读，请删除它后重试（之后会重新上传全部文件）`,
      );
    }
    this.held = new Map(Object.entries(files));
    return this.held;
  }

  private async storeManifest(held: Map<string, string>): Promise<void> {
    const body = JSON.stringify({ files: Object.fromEntries([...held].sort(([a], [b]) => a.localeCompare(b))) });
    await this.request(
      `写入同步记录 ${MANIFEST_KEY}`,
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: MANIFEST_KEY,
        Body: body,
        ContentType: 'application/json',
        CacheControl: 'no-store',
        // The site's own file list: nothing secret, but no visitor needs it.
        ...(this.settings.acl ? { ACL: 'private' } : {}),
      }),
    );
    this.manifestBehind = false;
  }

  private async put(key: string, file: string): Promise<void> {
    const { contentType, cacheControl } = objectHeaders(key);
    await this.request(
      `上传 ${key}`,
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: await readFile(file),
        ContentType: contentType,
        CacheControl: cacheControl,
        ...(this.settings.acl ? { ACL: this.settings.acl as ObjectCannedACL } : {}),
      }),
    );
  }

  private async request(what: string, command: GetObjectCommand | PutObjectCommand | DeleteObjectCommand): Promise<void> {
    try {
      await this.store.send(command);
    } catch (error) {
      throw new SiteSyncError(this.failure(what, error));
    }
  }

  /** One Chinese sentence: what failed, and why as the store (or the network) said. */
  private failure(what: string, error: unknown): string {
    const { name, message, code, cause } = error as Error & { code?: string; cause?: { code?: string } };
    const connection = code ?? cause?.code;
    const why =
      name === 'NoSuchBucket'
        ? `存储桶 ${this.settings.bucket} 不存在`
        : ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch'].includes(name)
          ? `存储拒绝访问（${name}），请检查 S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY 与存储桶的权限`
          : name === 'TimeoutError' || name === 'RequestTimeout'
            ? '存储未及时答复'
            : connection && /^E[A-Z]+$/.test(connection)
              ? `无法连接存储（${connection}）`
              : `${name}：${message}`;
    // A space between a file's name and the Chinese that follows it.
    const subject = /[!-~]$/.test(what) ? `${what} ` : what;
    return `网站同步到对象存储（存储桶 ${this.settings.bucket}）时${subject}失败：${why}；对象存储里仍是上一版的页面`;
  }

  /** The file's MD5, computed again only when the file was replaced since the last sync; noted in `digests`. */
  private async md5(file: string, digests: Digests): Promise<string> {
    const stat = statSync(file);
    const stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = this.digests.get(file);
    const md5 =
      known?.stamp === stamp
        ? known.md5
        : createHash('md5')
            .update(await readFile(file))
            .digest('hex');
    digests.set(file, { stamp, md5 });
    return md5;
  }
}

/**
 * Runs `task` for every item, PARALLEL at a time. The first failure stops taking new items; the requests in flight are
 * waited for, so nothing of this stage is still under way when the failure is thrown.
 */
async function inParallel<T>(items: readonly T[], task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined && !failure; item = queue.shift()) {
        await task(item).catch((error: unknown) => {
          failure ??= { error };
        });
      }
    }),
  );
  if (failure) throw failure.error;
}

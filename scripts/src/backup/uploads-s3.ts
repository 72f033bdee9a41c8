import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { listFiles } from './archive.ts';

/** An S3-compatible bucket and a key prefix: the uploads' (S3_*), or a backup destination (s3://bucket/prefix). */
export interface BucketSettings {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** The uploads' bucket from the CMS's S3_* settings, or undefined when uploads are a local folder. */
export function uploadsBucket(env: NodeJS.ProcessEnv): BucketSettings | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    prefix: (env.S3_ROOT_PATH ?? '').replace(/^\/+|\/+$/g, ''),
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** s3://bucket/prefix with the upload store's account and endpoint (S3_*). */
export function bucketFromUrl(url: string, env: NodeJS.ProcessEnv): BucketSettings {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!match) throw new Error(`无法识别的存储桶地址：${url}（应为 s3://存储桶/前缀）`);
  return { ...uploadsBucket({ ...env, S3_BUCKET: match[1] })!, prefix: match[2]!.replace(/\/+$/, '') };
}

export function client(settings: BucketSettings): S3Client {
  const s3 = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // As for uploads (cms/src/media/upload-store.ts): several S3-compatible stores refuse the SDK's CRC checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  // A listing is signed for "/bucket/"; the local store (s3rver) checks the signature of "/bucket" and refuses it. S3
  // answers both alike, so the path is sent without the slash.
  s3.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path) request.path = request.path.replace(/^(\/[^/]+)\/$/, '$1');
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  return s3;
}

const keyOf = (settings: BucketSettings, name: string) => (settings.prefix ? `${settings.prefix}/${name}` : name);

/**
 * Every object's key under the prefix, relative to it. ListObjects (v1), each page after the last key of the one before:
 * the local store (s3rver) refuses ListObjectsV2's signature and answers a truncated v2 listing with an error.
 */
export async function listBucket(settings: BucketSettings): Promise<string[]> {
  const s3 = client(settings);
  const keys: string[] = [];
  for (let truncated = true; truncated;) {
    const page = await s3.send(
      new ListObjectsCommand({ Bucket: settings.bucket, Prefix: settings.prefix ? `${settings.prefix}/` : undefined, Marker: keys.at(-1) }),
    );
    const found = (page.Contents ?? []).map((object) => object.Key!).filter(Boolean);
    keys.push(...found);
    truncated = Boolean(page.IsTruncated) && found.length > 0;
  }
  return keys.map((key) => (settings.prefix ? key.slice(settings.prefix.length + 1) : key)).sort();
}

/** Downloads every object under the prefix into a folder; returns how many. */
export async function downloadBucket(settings: BucketSettings, into: string): Promise<number> {
  const s3 = client(settings);
  const names = await listBucket(settings);
  for (const name of names) {
    const target = path.join(into, name);
    mkdirSync(path.dirname(target), { recursive: true });
    const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(settings, name) }));
    await pipeline(object.Body as Readable, createWriteStream(target));
  }
  return names.length;
}

/** Makes the bucket hold exactly a folder's files: every file uploaded, every other object removed. */
export async function mirrorToBucket(settings: BucketSettings, from: string): Promise<void> {
  const s3 = client(settings);
  const files = listFiles(from);
  for (const name of files) {
    await s3.send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(settings, name), Body: readFileSync(path.join(from, name)) }));
  }
  const keep = new Set(files);
  await deleteObjects(
    settings,
    (await listBucket(settings)).filter((name) => !keep.has(name)),
  );
}

export async function putFile(settings: BucketSettings, name: string, file: string): Promise<string> {
  await client(settings).send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(settings, name), Body: readFileSync(file) }));
  return `s3://${settings.bucket}/${keyOf(settings, name)}`;
}

/** One request per object: DeleteObjects needs a checksum header some S3-compatible stores refuse. */
export async function deleteObjects(settings: BucketSettings, names: string[]): Promise<void> {
  const s3 = client(settings);
  for (const name of names) await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(settings, name) }));
}

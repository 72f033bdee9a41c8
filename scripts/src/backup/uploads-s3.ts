import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
}

const keyOf = (settings: BucketSettings, name: string) => (settings.prefix ? `${settings.prefix}/${name}` : name);

/** Every object's key under the prefix, relative to it. */
export async function listBucket(settings: BucketSettings): Promise<string[]> {
  const s3 = client(settings);
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: settings.bucket,
        Prefix: settings.prefix ? `${settings.prefix}/` : undefined,
        ContinuationToken: token,
      }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key) names.push(settings.prefix ? object.Key.slice(settings.prefix.length + 1) : object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return names.sort();
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
  const extra = (await listBucket(settings)).filter((name) => !keep.has(name));
  for (let start = 0; start < extra.length; start += 1000) {
    await s3.send(
      new DeleteObjectsCommand({
        Bucket: settings.bucket,
        Delete: { Objects: extra.slice(start, start + 1000).map((name) => ({ Key: keyOf(settings, name) })) },
      }),
    );
  }
}

export async function putFile(settings: BucketSettings, name: string, file: string): Promise<string> {
  await client(settings).send(new PutObjectCommand({ Bucket: settings.bucket, Key: keyOf(settings, name), Body: readFileSync(file) }));
  return `s3://${settings.bucket}/${keyOf(settings, name)}`;
}

export async function deleteObjects(settings: BucketSettings, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await client(settings).send(
    new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: names.map((name) => ({ Key: keyOf(settings, name) })) } }),
  );
}

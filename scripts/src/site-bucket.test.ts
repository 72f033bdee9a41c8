import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  ASSET_CACHE,
  MANIFEST_KEY,
  type ObjectStore,
  PAGE_CACHE,
  SiteBucket,
  type SiteBucketSettings,
  SiteSyncError,
  objectHeaders,
  siteBucketSettings,
  siteFiles,
} from './site-bucket.ts';

const SETTINGS: SiteBucketSettings = {
  bucket: 'feiyi-site',
  region: 'us-east-1',
  forcePathStyle: true,
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  acl: 'public-read',
};

/** A bucket in memory: its objects, and every write and delete in the order they came; `failing` keys refuse a write. */
function memoryStore() {
  const objects = new Map<string, { body: string; type?: string; cache?: string; acl?: string }>();
  const log: string[] = [];
  const failing = new Set<string>();
  const store: ObjectStore = {
    async send(command) {
      const { Key: key } = command.input as { Key: string };
      if (command instanceof GetObjectCommand) {
        const object = objects.get(key);
        if (!object) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
        return { Body: { transformToString: async () => object.body } };
      }
      if (command instanceof PutObjectCommand) {
        if (failing.has(key)) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        const { Body, ContentType, CacheControl, ACL } = command.input;
        objects.set(key, { body: Buffer.from(Body as Uint8Array | string).toString(), type: ContentType, cache: CacheControl, acl: ACL });
        log.push(`put ${key}`);
        return {};
      }
      if (command instanceof DeleteObjectCommand) {
        objects.delete(key);
        log.push(`delete ${key}`);
        return {};
      }
      throw new Error('unexpected command');
    },
  };
  return { store, objects, log, failing };
}

/** A built site as the site builder leaves it: pages, hashed assets, public files, nginx's compressed copies, the server part. */
function builtSite(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-bucket-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

const SITE = {
  'index.html': '<script src="/_astro/app.A1.js"></script>首页',
  'index.html.br': 'brotli',
  'index.html.gz': 'gzip',
  'culture/index.html': '<link href="/_astro/site.B2.css">非遗名录',
  'culture/item/7/index.html': '<link href="/_astro/site.B2.css">昆曲',
  '_astro/app.A1.js': 'console.log(1)',
  '_astro/app.A1.js.br': 'brotli',
  '_astro/site.B2.css': 'body{}',
  'favicon.svg': '<svg/>',
  'sitemap.xml': '<urlset/>',
  '_server/entry.mjs': 'export {}',
};

const puts = (log: string[]) => log.filter((line) => line.startsWith('put ') && !line.endsWith(MANIFEST_KEY)).map((line) => line.slice(4));

describe('which files of a built site go to the bucket, with what headers', () => {
  it('leaves out the server part and nginx’s compressed copies', () => {
    const dir = builtSite(SITE);
    expect([...siteFiles(dir).keys()].sort()).toEqual([
      '_astro/app.A1.js',
      '_astro/site.B2.css',
      'culture/index.html',
      'culture/item/7/index.html',
      'favicon.svg',
      'index.html',
      'sitemap.xml',
    ]);
    rmSync(dir, { recursive: true });
  });

  it('caches hashed assets for a year and revalidates everything else, as nginx does', () => {
    expect(objectHeaders('culture/index.html')).toEqual({ contentType: 'text/html; charset=utf-8', cacheControl: PAGE_CACHE });
    expect(objectHeaders('_astro/app.A1.js')).toEqual({ contentType: 'text/javascript; charset=utf-8', cacheControl: ASSET_CACHE });
    expect(objectHeaders('_astro/site.B2.css')).toEqual({ contentType: 'text/css; charset=utf-8', cacheControl: ASSET_CACHE });
    expect(objectHeaders('_astro/noto-serif.C3.woff2')).toEqual({ contentType: 'font/woff2', cacheControl: ASSET_CACHE });
    expect(objectHeaders('favicon.svg')).toEqual({ contentType: 'image/svg+xml', cacheControl: PAGE_CACHE });
    expect(objectHeaders('media/banner.webm').contentType).toBe('video/webm');
    expect(objectHeaders('LICENSE').contentType).toBe('application/octet-stream');
    expect(PAGE_CACHE).toBe('public, max-age=0, must-revalidate');
    expect(ASSET_CACHE).toBe('public, max-age=31536000, immutable');
  });
});

describe('a sync', () => {
  it('uploads every file with its headers the first time, the assets before any page, and records what it put', async () => {
    const dir = builtSite(SITE);
    const { store, objects, log } = memoryStore();
    expect(await new SiteBucket(SETTINGS, store).sync(dir)).toEqual({ uploaded: 7, deleted: 0 });
    const order = puts(log);
    const firstPage = order.findIndex((key) => key.endsWith('.html'));
    expect(order.slice(0, firstPage).sort()).toEqual(['_astro/app.A1.js', '_astro/site.B2.css', 'favicon.svg', 'sitemap.xml']);
    expect(order.slice(firstPage).every((key) => key.endsWith('.html'))).toBe(true);
    expect(log.at(-1)).toBe(`put ${MANIFEST_KEY}`);
    expect(objects.get('index.html')).toEqual({
      body: SITE['index.html'],
      type: 'text/html; charset=utf-8',
      cache: PAGE_CACHE,
      acl: 'public-read',
    });
    expect(objects.get('_astro/app.A1.js')).toMatchObject({ cache: ASSET_CACHE, acl: 'public-read' });
    expect(objects.get(MANIFEST_KEY)).toMatchObject({ acl: 'private', cache: 'no-store' });
    rmSync(dir, { recursive: true });
  });

  it('then uploads only what changed, new pages before the pages that link to them, and deletes what is gone last', async () => {
    const dir = builtSite(SITE);
    const { store, objects, log } = memoryStore();
    const bucket = new SiteBucket(SETTINGS, store);
    await bucket.sync(dir);
    log.length = 0;
    // A publish: a new item page, the list that now links to it rewritten, the old item gone; a rebuild renamed the style sheet.
    writeFileSync(path.join(dir, '_astro', 'site.D4.css'), 'body{color:red}');
    rmSync(path.join(dir, '_astro', 'site.B2.css'));
    mkdirSync(path.join(dir, 'culture', 'item', '8'));
    writeFileSync(path.join(dir, 'culture', 'item', '8', 'index.html'), '<link href="/_astro/site.D4.css">京剧');
    writeFileSync(path.join(dir, 'culture', 'index.html'), '<link href="/_astro/site.D4.css"><a href="/culture/item/8">京剧</a>');
    rmSync(path.join(dir, 'culture', 'item', '7'), { recursive: true });

    expect(await bucket.sync(dir)).toEqual({ uploaded: 3, deleted: 2 });
    expect(log.slice(0, 3)).toEqual(['put _astro/site.D4.css', 'put culture/item/8/index.html', 'put culture/index.html']);
    expect(log.slice(3, 5).sort()).toEqual(['delete _astro/site.B2.css', 'delete culture/item/7/index.html']);
    expect(log.slice(5)).toEqual([`put ${MANIFEST_KEY}`]);
    expect(objects.has('culture/item/7/index.html')).toBe(false);
    expect(objects.get('culture/index.html')?.body).toContain('/culture/item/8');

    // Nothing changed: nothing sent; a new process reads the record from the bucket and finds nothing to do either.
    log.length = 0;
    expect(await bucket.sync(dir)).toEqual({ uploaded: 0, deleted: 0 });
    expect(await new SiteBucket(SETTINGS, store).sync(dir)).toEqual({ uploaded: 0, deleted: 0 });
    expect(log).toEqual([]);
    rmSync(dir, { recursive: true });
  });

  it('never deletes a file it did not put there', async () => {
    const dir = builtSite(SITE);
    const { store, objects } = memoryStore();
    objects.set('upload_ab12.png', { body: 'an upload' });
    const bucket = new SiteBucket(SETTINGS, store);
    await bucket.sync(dir);
    rmSync(path.join(dir, 'favicon.svg'));
    expect(await bucket.sync(dir)).toEqual({ uploaded: 0, deleted: 1 });
    expect(objects.has('upload_ab12.png')).toBe(true);
    rmSync(dir, { recursive: true });
  });

  it('that fails half-way leaves every page with its files and deletes nothing; the next one finishes the work', async () => {
    const dir = builtSite(SITE);
    const { store, objects, log, failing } = memoryStore();
    const bucket = new SiteBucket(SETTINGS, store);
    await bucket.sync(dir);
    // A rebuild renamed the script and the style sheet; the home page and the list now name the new ones.
    writeFileSync(path.join(dir, '_astro', 'app.E5.js'), 'console.log(2)');
    writeFileSync(path.join(dir, '_astro', 'site.F6.css'), 'body{color:red}');
    rmSync(path.join(dir, '_astro', 'app.A1.js'));
    rmSync(path.join(dir, '_astro', 'site.B2.css'));
    writeFileSync(path.join(dir, 'index.html'), '<script src="/_astro/app.E5.js"></script>首页');
    writeFileSync(path.join(dir, 'culture', 'index.html'), '<link href="/_astro/site.F6.css">非遗名录');
    failing.add('culture/index.html');
    log.length = 0;

    const failed = bucket.sync(dir);
    await expect(failed).rejects.toThrow(SiteSyncError);
    await expect(failed).rejects.toThrow(
      '网站同步到对象存储（存储桶 feiyi-site）时上传 culture/index.html 失败：无法连接存储（ECONNREFUSED）；对象存储里仍是上一版的页面',
    );
    expect(log.some((line) => line.startsWith('delete'))).toBe(false);
    // The page replaced finds its new script; the one not replaced still finds the style sheet it names.
    expect(objects.get('index.html')?.body).toContain('app.E5.js');
    expect(objects.has('_astro/app.E5.js')).toBe(true);
    expect(objects.get('culture/index.html')?.body).toBe(SITE['culture/index.html']);
    expect(objects.has('_astro/site.B2.css')).toBe(true);

    failing.clear();
    log.length = 0;
    expect(await bucket.sync(dir)).toEqual({ uploaded: 1, deleted: 2 });
    expect(puts(log)).toEqual(['culture/index.html']);
    expect(objects.has('_astro/app.A1.js')).toBe(false);
    expect(objects.has('_astro/site.B2.css')).toBe(false);
    expect(objects.get('culture/index.html')?.body).toContain('site.F6.css');
    rmSync(dir, { recursive: true });
  });

  it('says so in Chinese when the bucket does not exist', async () => {
    const dir = builtSite({ 'index.html': '首页' });
    const store: ObjectStore = {
      send: async () => {
        throw Object.assign(new Error('The specified bucket does not exist'), { name: 'NoSuchBucket' });
      },
    };
    await expect(new SiteBucket(SETTINGS, store).sync(dir)).rejects.toThrow(
      '网站同步到对象存储（存储桶 feiyi-site）时读取同步记录失败：存储桶 feiyi-site 不存在；对象存储里仍是上一版的页面',
    );
    rmSync(dir, { recursive: true });
  });
});

describe('the site bucket’s settings', () => {
  const account = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('are none without SITE_S3_BUCKET, whatever else the upload store has', () => {
    expect(siteBucketSettings({ ...account, S3_BUCKET: 'feiyi-media' })).toBeUndefined();
  });

  it('take the upload store’s account, endpoint, path style and ACL', () => {
    expect(
      siteBucketSettings({
        ...account,
        SITE_S3_BUCKET: 'feiyi-site',
        S3_REGION: 'oss-cn-hangzhou',
        S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
        S3_ACL: 'none',
      }),
    ).toEqual({
      bucket: 'feiyi-site',
      region: 'oss-cn-hangzhou',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      forcePathStyle: false,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      acl: undefined,
    });
    expect(siteBucketSettings({ ...account, SITE_S3_BUCKET: 'feiyi-site', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      region: 'us-east-1',
      forcePathStyle: true,
      acl: 'public-read',
    });
  });

  it('say in Chinese what is missing or wrong', () => {
    expect(() => siteBucketSettings({ SITE_S3_BUCKET: 'feiyi-site', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      '网站同步设置不完整：给出 SITE_S3_BUCKET 时还需要 S3_SECRET_ACCESS_KEY（与上传存储共用的 S3 设置）',
    );
    expect(() => siteBucketSettings({ ...account, SITE_S3_BUCKET: 'feiyi-site', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE 只能是 true 或 false，得到：yes',
    );
  });
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteState, type SiteBuildStatus } from '@feiyi/contract/site-build';
import { ASSET_CACHE, MANIFEST_KEY, PAGE_CACHE, SiteBucket, siteBucketSettings, siteFiles } from '../../scripts/src/site-bucket.ts';
import { fetchContentVersion, type SiteBuilder } from '../../scripts/src/site.ts';
import { uploadStoreEnv } from '../../scripts/src/upload-store.ts';
import { testEnv } from '../support/env.ts';
import { copySuiteSite, editedCulture, testSiteBuilder } from '../support/site-builder.ts';

// The static site on object storage (SITE_S3_BUCKET): after every build the site builder (scripts/src/site.ts) syncs
// the served folder to a bucket (scripts/src/site-bucket.ts). The test runs a builder of its own on a copy of the
// suite's site, syncing to a bucket of its own in the suite's local S3-compatible store (s3rver): the bucket is
// missing at first (the sync fails, the build status says so in Chinese), then created (the next check syncs without
// building); an editor's change, an unpublished item and its return each reach the bucket. The suite's site is left alone.
const HOST = '127.0.0.1';
const storePort = Number(process.env.TEST_UPLOAD_STORE_PORT);
const BUCKET = `feiyi-site-${Date.now().toString(36)}`;
const bucketUrl = `http://${HOST}:${storePort}/${BUCKET}`;
const workDir = path.join(testEnv.workDir, 'site-bucket');
const siteDir = path.join(workDir, 'site');
const secret = { 'x-webhook-secret': testEnv.webhookSecret, 'content-type': 'application/json' };

let builder: SiteBuilder | undefined;
let restore: (() => Promise<void>) | undefined;

beforeAll(() => {
  if (!storePort) throw new Error('run the suite with ./portal test --profile scale');
  copySuiteSite('site-bucket');
});

afterAll(async () => {
  await builder?.stop();
  await restore?.();
  for (const folder of [siteDir, `${siteDir}.next`, `${siteDir}.previous`]) rmSync(folder, { recursive: true, force: true });
});

const buildStatus = async (): Promise<SiteBuildStatus> => {
  const response = await fetch(`${testEnv.webUrl}/api/internal/site-build`, { headers: secret });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SiteBuildStatus }).data;
};

/** An object as a visitor (or a CDN) reads it from the bucket, anonymously. */
async function fromBucket(key: string) {
  const response = await fetch(`${bucketUrl}/${key}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
    text: response.ok ? await response.text() : '',
  };
}

/**
 * Every key in the bucket, a thousand at a time (ListObjects, each page after the last key of the one before: s3rver
 * answers a truncated ListObjectsV2 with an internal error).
 */
async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (let truncated = true; truncated;) {
    const query = new URLSearchParams({ 'max-keys': '1000', ...(keys.length > 0 ? { marker: keys.at(-1)! } : {}) });
    const response = await fetch(`${bucketUrl}?${query}`);
    const xml = await response.text();
    expect(response.status, xml).toBe(200);
    for (const match of xml.matchAll(/<Key>([^<]+)<\/Key>/g)) keys.push(match[1]!.replaceAll('&amp;', '&'));
    truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  }
  return keys.sort();
}

/** The hashed scripts and styles a page names (src, href, and the islands' component-url and renderer-url). */
const assetsOf = (html: string) => [...new Set([...html.matchAll(/"\/(_astro\/[^"?#]+)"/g)].map((match) => match[1]!))];

describe('the site synced to object storage', () => {
  it('reports a failed sync in Chinese and retries it, then carries each publish and unpublish to the bucket', async () => {
    const { id, description, publish, unpublish } = await editedCulture(3);
    const suiteStatus = await buildStatus();
    restore = async () => {
      await publish(description);
      await fetch(`${testEnv.webUrl}/api/internal/site-build`, { method: 'PUT', headers: secret, body: JSON.stringify(suiteStatus) });
    };

    const settings = siteBucketSettings({ SITE_S3_BUCKET: BUCKET, ...uploadStoreEnv({ host: HOST, port: storePort }) })!;
    builder = testSiteBuilder(siteDir, {
      bucket: new SiteBucket(settings),
    });

    // No bucket yet: the site is built here, the sync fails, and the status says why while the bucket's version stands.
    const missing = `网站同步到对象存储（存储桶 ${BUCKET}）时读取同步记录失败：存储桶 ${BUCKET} 不存在；对象存储里仍是上一版的页面`;
    await expect(builder.update()).rejects.toThrow(missing);
    const failed = await buildStatus();
    // This builder has brought no version to the bucket yet.
    expect(failed).toMatchObject({ result: 'failed', error: missing, contentVersion: null, builtAt: null });
    expect(siteState(failed, await fetchContentVersion(testEnv.cmsUrl, testEnv.cmsToken))).toBe('failed');

    // The bucket made: the next check has nothing to build and syncs; the status tells the build the bucket now serves.
    expect((await fetch(bucketUrl, { method: 'PUT' })).status).toBe(200);
    expect(await builder.update()).toEqual({ kind: 'full' });
    const live = await buildStatus();
    expect(live.result).toBe('full');
    expect(siteState(live, await fetchContentVersion(testEnv.cmsUrl, testEnv.cmsToken))).toBe('live');
    const local = [...siteFiles(siteDir).keys()];
    expect(await bucketKeys()).toEqual([...local, MANIFEST_KEY].sort());
    expect(local.some((key) => key.startsWith('_server/') || /\.(br|gz)$/.test(key))).toBe(false);
    const home = await fromBucket('index.html');
    expect(home).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', cache: PAGE_CACHE });
    const homeAssets = assetsOf(home.text);
    expect(homeAssets.some((key) => key.endsWith('.css'))).toBe(true);
    for (const key of homeAssets) {
      const asset = await fromBucket(key);
      expect(asset.status, key).toBe(200);
      expect(asset.cache, key).toBe(ASSET_CACHE);
      if (key.endsWith('.css')) expect(asset.type, key).toBe('text/css; charset=utf-8');
      if (key.endsWith('.js')) expect(asset.type, key).toBe('text/javascript; charset=utf-8');
    }

    // An editor's change: only the pages it touched are rendered, and they reach the bucket with the files they name.
    const itemKey = `culture/item/${id}/index.html`;
    const marker = `同步到存储桶${Date.now().toString(36)}`;
    await publish(`${marker}。${description}`);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    const item = await fromBucket(itemKey);
    expect(item).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', cache: PAGE_CACHE });
    expect(item.text).toContain(marker);
    for (const key of assetsOf(item.text)) expect((await fromBucket(key)).status, key).toBe(200);

    // Unpublished: its page leaves the bucket, and the list no longer links to it.
    await unpublish();
    const removed = await builder.update();
    expect(removed).toMatchObject({ kind: 'pages' });
    expect(removed.kind === 'pages' && removed.removed).toBeGreaterThan(0);
    expect((await fromBucket(itemKey)).status).toBe(404);
    expect((await fromBucket('culture/index.html')).text).not.toContain(`href="/culture/item/${id}"`);
    expect(await bucketKeys()).toEqual([...siteFiles(siteDir).keys(), MANIFEST_KEY].sort());

    // Published again as it was: back in the bucket.
    await publish(description);
    expect(await builder.update()).toMatchObject({ kind: 'pages' });
    const back = await fromBucket(itemKey);
    expect(back.status).toBe(200);
    expect(back.text).not.toContain(marker);
  }, 600_000);
});

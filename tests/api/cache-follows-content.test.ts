import { describe, expect, it } from 'vitest';
import {
  bookingResponse,
  cultureDetailResponse,
  culturePageResponse,
  productDetailResponse,
  productPageResponse,
  quickOrderResponse,
  uploadResponse,
  workshopsResponse,
} from '@feiyi/contract';
import { expectOk, fileForm, get, newUser, post, randomIp, tinyPng } from '../support/api.ts';
import { adminRequest, adminToken } from '../support/cms-admin.ts';
import { cmsGet, testEnv } from '../support/env.ts';
import { sql } from '../support/database.ts';
import {
  cacheStats,
  type CacheStats,
  contentFingerprint,
  everyInstanceFollowsTheCms,
  everyInstanceSavedItsViews,
} from '../support/instances.ts';

// Reloads and rebuilds follow published public content only. The adapter counts its loads and
// in-place updates (GET /api/internal/cache-stats); the site rebuilds exactly when the CMS's
// `content` fingerprint moves (scripts/src/site.ts), so an unchanged fingerprint is no rebuild.
// Instead of waiting for the adapter's own 5 s check, the test asks for one as the CMS's change
// events do: it starts after any check under way and answers once its reload, if any, is done.

/** The counts once every adapter instance has compared fingerprints with the CMS after everything before this call. */
async function followedStats(): Promise<CacheStats> {
  await everyInstanceFollowsTheCms();
  return cacheStats();
}

const person = { name: '参与人', phone: '13900000009', idcard: '110105199001019998' };

describe('only published content reloads the cache or rebuilds the site', () => {
  it('an upload, an order and a booking reload nothing and rebuild nothing; the buyer and booker read the new stock and seats at once', async () => {
    const buyer = await newUser('cache');
    const products = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records;
    const product = products.find((p) => p.stock >= 10)!;
    const workshop = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops.find((w) => w.seatsLeft >= 2)!;
    const stats = await followedStats();
    const version = await contentFingerprint();

    expectOk(await post('/api/upload/avatar', { body: fileForm(tinyPng(8, 8), 'me.png', 'image/png'), ip: randomIp() }), uploadResponse);
    expectOk(
      await post('/api/orders/create', { token: buyer.token, json: { items: [{ productId: product.id, quantity: 2 }] } }),
      quickOrderResponse,
    );
    // The instance that took the order answers the new stock at once (no waiting for a reload).
    expect(expectOk(await get(`/api/product/${product.id}`), productDetailResponse).data.product.stock).toBe(product.stock - 2);
    expectOk(await post(`/api/workshops/${workshop.id}/book`, { token: buyer.token, json: { participants: [person] } }), bookingResponse);
    const after = expectOk(await get('/api/workshops'), workshopsResponse).data.workshops.find((w) => w.id === workshop.id)!;
    expect(after.seatsLeft).toBe(workshop.seatsLeft - 1);

    const moved = await contentFingerprint();
    expect({ content: moved.content, shop: moved.shop }).toEqual({ content: version.content, shop: version.shop });
    expect(moved.stock).not.toBe(version.stock);
    const later = await followedStats();
    expect(later.loads).toEqual(stats.loads);
    expect(later.updates.content).toBe(stats.updates.content);
    // Two answers applied in place (the order's stock, the booking's seats); the check may follow the moved stock once more.
    expect(later.updates.shop - stats.updates.shop).toBeGreaterThanOrEqual(2);
  });

  it('views of a culture item, saved in the CMS, move no fingerprint: they reload nothing and rebuild nothing', async () => {
    const [culture] = expectOk(await get('/api/culture/page', { query: { category: 66, size: 1 } }), culturePageResponse).data.page.records;
    const storedViews = async () =>
      Number(
        (
          await sql<{ views: number }>('SELECT view_count AS views FROM cultures WHERE pid = ? AND published_at IS NOT NULL', [culture!.id])
        )[0]!.views,
      );
    await everyInstanceSavedItsViews();
    const stats = await followedStats();
    const version = await contentFingerprint();
    const stored = await storedViews();

    for (let i = 0; i < 3; i += 1) expectOk(await get(`/api/culture/${culture!.id}`), cultureDetailResponse);
    await everyInstanceSavedItsViews();
    // Saved (so the fingerprint below was read after the write), and the views were the only change.
    expect(await storedViews()).toBe(stored + 3);
    expect(await contentFingerprint()).toEqual(version);
    const later = await followedStats();
    expect(later).toEqual(stats);
  });

  it('an editor saving a draft reloads nothing and rebuilds nothing until it is published', async () => {
    const editor = await adminToken();
    const { body } = await cmsGet('/api/news-items?pagination[pageSize]=1&sort=id');
    const [news] = body.data as Array<{ documentId: string; title: string }>;
    expect(news).toBeDefined();
    const draftPath = `/content-manager/collection-types/api::news-item.news-item/${news!.documentId}`;
    const stats = await followedStats();
    const version = await contentFingerprint();

    // Saving in the admin without publishing writes only the draft row.
    const saved = await adminRequest(editor, 'PUT', draftPath, { title: `${news!.title}（草稿）` });
    expect(saved.status).toBe(200);
    expect((await contentFingerprint()).content).toBe(version.content);
    expect((await followedStats()).loads).toEqual(stats.loads);
    // The public still reads the published title.
    const { body: published } = await cmsGet(`/api/news-items/${news!.documentId}`);
    expect((published.data as { title: string }).title).toBe(news!.title);

    const restored = await adminRequest(editor, 'PUT', draftPath, { title: news!.title });
    expect(restored.status).toBe(200);
  });

  it('an editor replacing a cover in the media library reloads the content and moves the site fingerprint', async () => {
    const stats = await followedStats();
    const version = await contentFingerprint();
    const { body } = await cmsGet(`/api/upload/files?filters[name][$startsWith]=${encodeURIComponent('资讯封面')}&pagination[pageSize]=1`);
    const [file] = body as unknown as Array<{ id: number; url: string; name: string; mime: string }>;
    expect(file).toBeDefined();
    // The same picture again, as an editor's "replace media" sends it: a new file version in place.
    const bytes = new Uint8Array(await (await fetch(`${testEnv.cmsUrl}${file!.url}`)).arrayBuffer());
    const form = new FormData();
    form.append('files', new Blob([bytes], { type: file!.mime }), file!.name);
    const replaced = await fetch(`${testEnv.cmsUrl}/api/upload?id=${file!.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testEnv.cmsToken}` },
      body: form,
    });
    expect(replaced.status).toBe(200);

    expect((await contentFingerprint()).content).not.toBe(version.content);
    expect((await followedStats()).loads.content).toBeGreaterThan(stats.loads.content);
  });
});

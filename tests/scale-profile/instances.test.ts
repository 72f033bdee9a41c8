import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  cultureDetailResponse,
  culturePageResponse,
  donateResponse,
  donationProjectsResponse,
  donorFeedResponse,
  productDetailResponse,
  productPageResponse,
  quickOrderResponse,
} from '@feiyi/contract';
import { eventually, expectEnvelope, expectOk, get, newUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';
import { everyInstanceSavedItsViews, instanceStats } from '../support/instances.ts';

// The scale profile (./portal test --profile scale): nginx in front of two adapter instances sharing Redis. The rest of
// the contract suite runs through nginx; these tests show that both instances answer it, and that what one instance
// learns (a sale, the CMS's publish webhook) reaches the other through Redis.

const adapters = (process.env.TEST_ADAPTER_URLS ?? '').split(',').filter(Boolean);
const internalHeaders = { 'x-webhook-secret': testEnv.webhookSecret, 'content-type': 'application/json' };

/** Announcements of one kind an instance followed (other kinds may come meanwhile: an order expiring, a build). */
const followedAnnouncements = async (adapterUrl: string, kind: 'published' | 'stock' | 'view' = 'published') =>
  (await instanceStats(adapterUrl)).followedAnnouncements[kind];

async function productOn(adapterUrl: string, id: number) {
  const response = await fetch(`${adapterUrl}/api/product/${id}`);
  expect(response.status).toBe(200);
  return expectEnvelope(await response.json(), productDetailResponse).data.product;
}

describe('the scale profile', () => {
  it('runs two adapter instances, each with its own address', () => {
    expect(adapters).toHaveLength(2);
  });

  it('spreads requests through nginx over both instances, each naming itself', async () => {
    const answeredBy = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const response = await get('/api/categories');
      expect(response.status).toBe(200);
      answeredBy.add(response.headers.get('x-adapter-instance') ?? '(none)');
    }
    expect([...answeredBy].sort()).toEqual(['adapter-1', 'adapter-2']);
  });

  it('serves the built site and its hashed assets from nginx, with the security headers and long-lived caching', async () => {
    const page = await fetch(new URL('/', testEnv.webUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('server')).toBe('nginx');
    expect(page.headers.get('x-adapter-instance')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await page.text();
    // The scripts' and styles' policy is in the page itself, with hashes and no 'unsafe-inline'.
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(meta).toMatch(/script-src 'self' 'sha256-/);
    expect(meta).not.toContain('unsafe-inline');
    const asset = /(\/_astro\/[^"']+\.js)/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(new URL(asset!, testEnv.webUrl), { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a sale on one instance reaches the other through Redis: right after the answer, the other answers the new stock', async () => {
    const [first, second] = adapters as [string, string];
    const buyer = await newUser('scale');
    const products = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records;
    const product = products.find((p) => p.stock >= 10)!;
    const before = await productOn(second, product.id);

    const order = await fetch(`${first}/api/orders/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: product.id, quantity: 1 }] }),
    });
    expect(order.status).toBe(200);
    expectEnvelope(await order.json(), quickOrderResponse);

    // The first instance answers only once Redis has passed the new stock on: the second answers it right after.
    expect((await productOn(second, product.id)).stock).toBe(before.stock - 1);
  });

  it('a donation on one instance reaches the donor feed the other keeps: right after the answer, the other lists it', async () => {
    const [first, second] = adapters as [string, string];
    const donor = await newUser('scale');
    const projects = expectOk(await get('/api/donations/projects'), donationProjectsResponse).data.projects;
    const feedOn = async (adapterUrl: string) => {
      const response = await fetch(`${adapterUrl}/api/donations/feed?limit=20`);
      expect(response.status).toBe(200);
      return expectEnvelope(await response.json(), donorFeedResponse).data.records;
    };
    // The second instance now keeps its feed for a second.
    await feedOn(second);
    const donated = await fetch(`${first}/api/donations/donate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${donor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: donor.id, projectId: projects[0]!.id, amount: 9 }),
    });
    expect(donated.status).toBe(200);
    const { donation } = expectEnvelope(await donated.json(), donateResponse).data;
    expect((await feedOn(second)).map((r) => r.id)).toContain(donation.id);
  });

  it('views counted on one instance reach the other in one announcement per batch, not one per view', async () => {
    const [first, second] = adapters as [string, string];
    const items = expectOk(await get('/api/culture/page', { query: { category: 75, size: 50 } }), culturePageResponse).data.page.records;
    const target = items[items.length - 1]!;
    const open = async (adapterUrl: string) => {
      const response = await fetch(`${adapterUrl}/api/culture/${target.id}`);
      expect(response.status).toBe(200);
      return expectEnvelope(await response.json(), cultureDetailResponse).data.culture.viewCount;
    };
    // Nothing waiting anywhere: the burst below starts the first instance's next batch.
    await everyInstanceSavedItsViews();
    const heard = await followedAnnouncements(second, 'view');
    const counts = await Promise.all(Array.from({ length: 10 }, () => open(first)));
    await everyInstanceSavedItsViews();
    await eventually(async () => ((await followedAnnouncements(second, 'view')) > heard ? true : undefined));
    expect(await followedAnnouncements(second, 'view')).toBe(heard + 1);
    // The second instance counts the ten views, then its own.
    expect(await open(second)).toBe(Math.max(...counts) + 1);
  });

  it("another portal's announcements on another Redis database do not reach this one (pub/sub ignores database numbers)", async () => {
    const products = expectOk(await get('/api/product/page', { query: { page: 1, size: 36 } }), productPageResponse).data.page.records;
    const [target, marker] = products.filter((p) => p.stock > 0) as [(typeof products)[0], (typeof products)[0]];
    // Views counted before (this file's or another's) are announced with their batch, up to a second later: not in the count below.
    await everyInstanceSavedItsViews();
    const stockHeard = (url: string) => followedAnnouncements(url, 'stock');
    const heard = await Promise.all(adapters.map(stockHeard));
    const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0');
    const ours = Number(url.pathname.slice(1) || 0);
    const redis = new Redis(url.toString());
    try {
      // The same portal on the next database sells out our first product; then a message on our own channel (our second
      // product at its true stock, which changes nothing) marks the point by which the first would have been heard too.
      const other = { from: 'other-portal', kind: 'stock', stock: [{ productId: target.id, stock: 0 }] };
      await redis.publish(`feiyi:content-events:${(ours + 1) % 16}`, JSON.stringify(other));
      const own = { from: 'this-test', kind: 'stock', stock: [{ productId: marker.id, stock: marker.stock }] };
      await redis.publish(`feiyi:content-events:${ours}`, JSON.stringify(own));
      await eventually(async () =>
        (await Promise.all(adapters.map(stockHeard))).every((count, i) => count > heard[i]!) ? true : undefined,
      );
      expect(await Promise.all(adapters.map(stockHeard))).toEqual(heard.map((count) => count + 1));
      for (const adapter of adapters) expect((await productOn(adapter, target.id)).stock).toBe(target.stock);
    } finally {
      redis.disconnect();
    }
  });

  it('the CMS webhook reaching one instance makes the other check the CMS too', async () => {
    const [first, second] = adapters as [string, string];
    const heard = await followedAnnouncements(second);
    const response = await fetch(`${first}/api/internal/cms-events`, {
      method: 'POST',
      headers: internalHeaders,
      body: JSON.stringify({ event: 'entry.publish' }),
    });
    expect(response.status).toBe(200);
    await eventually(async () => ((await followedAnnouncements(second)) > heard ? true : undefined));
  });

  it('keeps the site builder status in Redis: every instance answers what the builder reported to one', async () => {
    const statuses = await Promise.all(
      adapters.map(async (url) => {
        const response = await fetch(`${url}/api/internal/site-build`, { headers: internalHeaders });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { result: string | null; builtAt: string | null } }).data;
      }),
    );
    // Built before the tests, and updated since if a test published.
    expect(['full', 'pages']).toContain(statuses[0]!.result);
    expect(statuses[1]).toEqual(statuses[0]);
  });
});

import { expect } from 'vitest';
import { eventually } from './api.ts';
import { cmsGet, testEnv } from './env.ts';

/**
 * The adapter instances behind the test stack's address: the scale profile's (TEST_ADAPTER_URLS), each with its own
 * caches and counts, or the one adapter of the embedded profile.
 */
const SCALE_INSTANCES = (process.env.TEST_ADAPTER_URLS ?? '').split(',').filter(Boolean);
export const adapterInstances: readonly string[] = SCALE_INSTANCES.length > 0 ? SCALE_INSTANCES : [testEnv.webUrl];

/**
 * Asks every instance to compare its caches with the CMS now, as the CMS's change events do; each answers once its
 * reload, if any, is done. Through nginx one call reaches one instance, and the next read may reach another.
 */
export async function everyInstanceFollowsTheCms(): Promise<void> {
  for (const url of adapterInstances) {
    const response = await fetch(`${url}/api/internal/cms-events`, {
      method: 'POST',
      headers: { 'x-webhook-secret': testEnv.webhookSecret, 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'test.check' }),
    });
    expect(response.status).toBe(200);
  }
}

/** What an instance's counters say (GET /api/internal/cache-stats, with the webhook secret). */
export interface InstanceStats {
  loads: { content: number; shop: number };
  updates: { content: number; shop: number };
  /** Other instances' announcements this one has followed, by kind. */
  followedAnnouncements: { published: number; stock: number; view: number; donation: number };
  /** Views of culture items counted here and not saved in the CMS yet; saved and given up so far. */
  views: { pending: number; saved: number; dropped: number };
}

export async function instanceStats(url: string): Promise<InstanceStats> {
  const response = await fetch(`${url}/api/internal/cache-stats`, { headers: { 'x-webhook-secret': testEnv.webhookSecret } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: InstanceStats }).data;
}

/**
 * Waits until no instance has views of culture items left to save: each counts views in batches, saved in the CMS and
 * announced to the others about once a second (api-adapter/src/culture/view-counter.ts).
 */
export async function everyInstanceSavedItsViews(): Promise<void> {
  await eventually(
    async () => ((await Promise.all(adapterInstances.map(instanceStats))).every((stats) => stats.views.pending === 0) ? true : undefined),
    { intervalMs: 100 },
  );
}

/** How often the adapter loaded each content group from the CMS and updated it in place. */
export type CacheStats = Pick<InstanceStats, 'loads' | 'updates'>;

/**
 * The counts of every instance, summed: behind the scale profile's nginx each adapter instance keeps its own, and two
 * calls may reach two instances.
 */
export async function cacheStats(): Promise<CacheStats> {
  const all = await Promise.all(adapterInstances.map(instanceStats));
  const sum = (pick: (stats: CacheStats) => number) => all.reduce((total, stats) => total + pick(stats), 0);
  return {
    loads: { content: sum((s) => s.loads.content), shop: sum((s) => s.loads.shop) },
    updates: { content: sum((s) => s.updates.content), shop: sum((s) => s.updates.shop) },
  };
}

/** The CMS's fingerprints of published content: the site rebuilds exactly when `content` moves (scripts/src/site.ts). */
export async function contentFingerprint(): Promise<{ content: string; shop: string; stock: string }> {
  const { status, body } = await cmsGet('/api/portal/content-version');
  expect(status).toBe(200);
  return body.data as { content: string; shop: string; stock: string };
}

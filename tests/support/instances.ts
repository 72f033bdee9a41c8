import { expect } from 'vitest';
import { testEnv } from './env.ts';

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

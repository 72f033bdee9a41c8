import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.ts';

// The site builder's two internal calls (scripts/src/site.ts, scripts/src/site-render/): the fingerprints of the
// answers the static pages read, and the build status editors see. Both need the webhook secret.

const internal = (path: string, init: RequestInit = {}, secret: string | null = testEnv.webhookSecret) =>
  fetch(`${testEnv.webUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-webhook-secret': secret } : {}) },
  });

describe('POST /api/internal/site-reads', () => {
  it('answers each key with the fingerprint of the answer a GET of it gives', async () => {
    const keys = ['/api/culture/page?page=1&size=10', '/api/categories', '/api/culture/999999'];
    const response = await internal('/api/internal/site-reads', { method: 'POST', body: JSON.stringify({ keys }) });
    expect(response.status).toBe(200);
    const { hashes } = ((await response.json()) as { data: { hashes: Record<string, string> } }).data;
    for (const key of keys) {
      const answer = await fetch(`${testEnv.webUrl}${key}`);
      const expected = createHash('sha1')
        .update(`${answer.status}\n${await answer.text()}`)
        .digest('hex');
      expect(hashes[key], key).toBe(expected);
    }
  });

  it('refuses a caller without the secret, and a key outside /api', async () => {
    const keys = JSON.stringify({ keys: ['/api/categories'] });
    expect((await internal('/api/internal/site-reads', { method: 'POST', body: keys }, null)).status).toBe(401);
    expect((await internal('/api/internal/site-reads', { method: 'POST', body: keys }, 'x'.repeat(32))).status).toBe(401);
    const outside = JSON.stringify({ keys: ['/uploads/a.png'] });
    expect((await internal('/api/internal/site-reads', { method: 'POST', body: outside })).status).toBe(400);
  });
});

describe('/api/internal/site-build', () => {
  it('answers what the site builder last reported, to holders of the secret only', async () => {
    const response = await internal('/api/internal/site-build');
    expect(response.status).toBe(200);
    const status = ((await response.json()) as { data: Record<string, unknown> }).data;
    // The suite's site was built before the tests by the builder that reports here, and updated since if a test published.
    expect(['full', 'pages']).toContain(status.result);
    // The report keeps the last failure (contract/src/site-build.ts). The containers profile's site-builder pod may
    // start before the CMS answers and retries its first build: such a failure comes before the build that served.
    if (process.env.TEST_PROFILE === 'containers' && status.error !== null)
      expect(Date.parse(String(status.failedAt))).toBeLessThan(Date.parse(String(status.builtAt)));
    else expect(status.error).toBeNull();
    expect(typeof status.contentVersion).toBe('string');
    expect(Number.isNaN(Date.parse(String(status.builtAt)))).toBe(false);
    expect((await internal('/api/internal/site-build', {}, null)).status).toBe(401);
    expect((await internal('/api/internal/site-build', { method: 'PUT', body: JSON.stringify(status) }, null)).status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { type SiteBuildStatus, siteState } from './site-build.ts';

const report = (over: Partial<SiteBuildStatus>): SiteBuildStatus => ({
  contentVersion: 'a:s',
  builtAt: '2026-11-27T02:00:00.000Z',
  durationMs: 3000,
  result: 'pages',
  rendered: 12,
  removed: 0,
  error: null,
  failedAt: null,
  ...over,
});

describe('siteState', () => {
  it('is live when the site was built from what is published', () => {
    expect(siteState(report({}), 'a:s')).toBe('live');
  });
  it('is updating when a publish has not reached the site yet', () => {
    expect(siteState(report({}), 'b:s')).toBe('updating');
  });
  it('is failed when the last attempt failed after the last success', () => {
    expect(siteState(report({ error: '网站构建失败', failedAt: '2026-11-27T02:01:00.000Z' }), 'b:s')).toBe('failed');
  });
  it('is updating again once a later update succeeded after an old failure', () => {
    expect(siteState(report({ error: '网站构建失败', failedAt: '2026-11-27T01:00:00.000Z' }), 'b:s')).toBe('updating');
  });
  it('is unknown without a report', () => {
    expect(siteState(undefined, 'a:s')).toBe('unknown');
    expect(siteState(report({ contentVersion: null }), 'a:s')).toBe('unknown');
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isServerBuildPath, pageFallback } from './static.ts';

describe('pageFallback', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'site-'));
  for (const dir of ['culture', 'area']) {
    mkdirSync(path.join(site, dir));
    writeFileSync(path.join(site, dir, 'index.html'), '<!doctype html>');
  }

  it('lets the culture page answer for any /culture/{id}, and the area page for any /area/{x}', () => {
    expect(pageFallback(site, '/culture/999')).toBe(path.join(site, 'culture/index.html'));
    expect(pageFallback(site, '/culture/abc/?page=2')).toBe(path.join(site, 'culture/index.html'));
    expect(pageFallback(site, '/area/99')).toBe(path.join(site, 'area/index.html'));
  });

  it('leaves everything else to the 404 page', () => {
    expect(pageFallback(site, '/culture/item/999')).toBeUndefined();
    expect(pageFallback(site, '/no-such-page')).toBeUndefined();
    expect(pageFallback(site, '/api/culture/999')).toBeUndefined();
    expect(pageFallback(path.join(site, 'missing'), '/culture/999')).toBeUndefined();
  });
});

describe('isServerBuildPath', () => {
  it('names the build’s server part, however the address spells it, and nothing else', () => {
    for (const address of ['/_server', '/_server/', '/_server/entry.mjs', '//_server/chunks/a.mjs'])
      expect(isServerBuildPath(address)).toBe(true);
    for (const address of ['/', '/_astro/a.js', '/culture/_server', '/_servers/x', '/preview/culture/x'])
      expect(isServerBuildPath(address)).toBe(false);
  });
});

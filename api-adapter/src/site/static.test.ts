import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFallback } from './static.ts';

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

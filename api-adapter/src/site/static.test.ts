import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isServerBuildPath, pageFallback, registerStaticSite } from './static.ts';

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

describe('the open data and the feeds', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'site-'));
  mkdirSync(path.join(site, 'data'));
  mkdirSync(path.join(site, 'feeds'));
  const files: Record<string, string> = {
    'data/entries.csv': '\uFEFFentry_id\r\n',
    'data/entries.jsonl': '{"a":1}\n',
    'data/dcat.jsonld': '{}',
    'feeds/news.xml': '<feed xmlns="http://www.w3.org/2005/Atom"/>',
    'sitemap.xml': '<urlset/>',
  };
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(site, file), content);
    writeFileSync(path.join(site, `${file}.gz`), gzipSync(content));
  }

  it('are served with their own types, compressed or not, and kept five minutes', async () => {
    const app = Fastify();
    await registerStaticSite(app, { siteDir: site });
    const expected: Record<string, string> = {
      '/data/entries.csv': 'text/csv; charset=utf-8',
      '/data/entries.jsonl': 'application/jsonl; charset=utf-8',
      '/data/dcat.jsonld': 'application/ld+json; charset=utf-8',
      '/feeds/news.xml': 'application/atom+xml; charset=utf-8',
    };
    for (const encoding of ['identity', 'gzip']) {
      for (const [url, type] of Object.entries(expected)) {
        const response = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect([url, encoding, response.statusCode, response.headers['content-type']]).toEqual([url, encoding, 200, type]);
        expect(response.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
      }
      // The sitemap stays XML, revalidated on every visit like the pages.
      const sitemap = await app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': encoding } });
      expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
      expect(sitemap.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    await app.close();
  });
});

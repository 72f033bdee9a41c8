import { describe, expect, it } from 'vitest';
import { cacheName, isKeptPage, mayKeep, offlineStrategy, pagePath, staleCaches } from './rules.ts';

const ORIGIN = 'https://feiyi.example';
const page = (path: string) => ({ url: `${ORIGIN}${path}`, method: 'GET', mode: 'navigate', authorized: false });
const file = (path: string, extra: Partial<{ method: string; authorized: boolean; url: string }> = {}) => ({
  url: `${ORIGIN}${path}`,
  method: 'GET',
  mode: 'cors',
  authorized: false,
  ...extra,
});
const answer = { status: 200, type: 'basic', cacheControl: 'public, max-age=0, must-revalidate', setsCookie: false, vary: null };

describe('offline reading rules', () => {
  it('keeps the pages a visitor reads: home, articles, the national list and its items, inheritors, policy', () => {
    for (const path of [
      '/',
      '/culture/item/12',
      '/culture/item/12/',
      '/minglu',
      '/minglu/iv-28/',
      '/inheritors',
      '/inheritors/7',
      '/policy/',
    ])
      expect(offlineStrategy(page(path), ORIGIN), path).toBe('page');
  });

  it('answers other pages with the network and the offline page, keeping none of them', () => {
    for (const path of [
      '/profile',
      '/payment',
      '/mobile/payment',
      '/pay-success',
      '/login',
      '/register',
      '/charity',
      '/order/list',
      '/culture/item/12?x=1',
    ])
      expect(offlineStrategy(page(path), ORIGIN), path).toBe('page-unkept');
    expect(isKeptPage('/profile')).toBe(false);
  });

  it('never answers the API, the CMS or the preview, not even their pages', () => {
    for (const path of [
      '/api/user/info',
      '/api/profile',
      '/api/order/list',
      '/api/product/list',
      '/api/culture/page',
      '/api',
      '/admin',
      '/admin/content-manager',
      '/preview/culture/1',
    ])
      for (const request of [page(path), file(path)]) expect(offlineStrategy(request, ORIGIN), path).toBeUndefined();
  });

  it('never answers a request that is not a plain GET of our origin without credentials', () => {
    expect(offlineStrategy(file('/_astro/a.js', { method: 'POST' }), ORIGIN)).toBeUndefined();
    expect(offlineStrategy(file('/_astro/a.js', { authorized: true }), ORIGIN)).toBeUndefined();
    expect(offlineStrategy(file('', { url: 'https://cdn.example/_astro/a.js' }), ORIGIN)).toBeUndefined();
    expect(offlineStrategy({ ...page('/culture/item/1'), authorized: true }, ORIGIN)).toBeUndefined();
  });

  it('keeps hashed files first and the shell files at fixed addresses network first; leaves the rest alone', () => {
    expect(offlineStrategy(file('/_astro/Base.D3f_x.css'), ORIGIN)).toBe('immutable');
    expect(offlineStrategy(file('/fonts/serif-0123abcd4567.woff2'), ORIGIN)).toBe('immutable');
    expect(offlineStrategy(file('/fonts/serif.css'), ORIGIN)).toBe('shell');
    expect(offlineStrategy(file('/manifest.webmanifest'), ORIGIN)).toBe('shell');
    expect(offlineStrategy(file('/icons/icon-192.png'), ORIGIN)).toBe('shell');
    expect(offlineStrategy(file('/uploads/photo.jpg'), ORIGIN)).toBeUndefined();
    expect(offlineStrategy(file('/sw.js'), ORIGIN)).toBeUndefined();
  });

  it('keeps only whole public answers', () => {
    expect(mayKeep(answer)).toBe(true);
    expect(mayKeep({ ...answer, cacheControl: null })).toBe(true);
    expect(mayKeep({ ...answer, status: 404 })).toBe(false);
    expect(mayKeep({ ...answer, status: 206 })).toBe(false);
    expect(mayKeep({ ...answer, type: 'opaqueredirect', status: 0 })).toBe(false);
    expect(mayKeep({ ...answer, cacheControl: 'no-store' })).toBe(false);
    expect(mayKeep({ ...answer, cacheControl: 'max-age=0, private' })).toBe(false);
    expect(mayKeep({ ...answer, setsCookie: true })).toBe(false);
    expect(mayKeep({ ...answer, vary: 'Accept-Encoding, Authorization' })).toBe(false);
  });

  it('names a page by its bare path and deletes the caches of other builds only', () => {
    expect(pagePath('/policy/')).toBe('/policy');
    expect(pagePath('/')).toBe('/');
    const names = [
      cacheName('new', 'shell'),
      cacheName('new', 'pages'),
      cacheName('old', 'shell'),
      cacheName('old', 'pages'),
      'someone-else',
    ];
    expect(staleCaches(names, 'new')).toEqual([cacheName('old', 'shell'), cacheName('old', 'pages')]);
  });
});

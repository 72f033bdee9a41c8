import { describe, expect, it } from 'vitest';
import { affectedPages, outputFileOf, propsFingerprint } from './affected.ts';

const reads = new Map<string, Set<string>>([
  ['/culture', new Set(['/api/culture/list?page=1'])],
  ['/culture/item/7', new Set(['/api/culture/7'])],
  ['/culture/item/8', new Set(['/api/culture/8'])],
  ['/login', new Set()],
]);
const paths = new Map([...reads.keys()].map((path) => [path, '{}']));

describe('affectedPages', () => {
  it('renders the pages that read a changed answer, and nothing else', () => {
    expect(affectedPages(reads, new Set(['/api/culture/list?page=1', '/api/culture/7']), paths, paths)).toEqual({
      render: ['/culture', '/culture/item/7'],
      remove: [],
    });
  });

  it('renders a new path and removes one that is gone', () => {
    const next = new Map([...paths].filter(([path]) => path !== '/culture/item/8')).set('/culture/item/9', '{}');
    expect(affectedPages(reads, new Set(), paths, next)).toEqual({ render: ['/culture/item/9'], remove: ['/culture/item/8'] });
  });

  it('renders a path whose reads were never recorded', () => {
    const map = new Map([['/map', 'null']]);
    expect(affectedPages(new Map(), new Set(), map, map)).toEqual({ render: ['/map'], remove: [] });
  });

  it('renders a page whose props changed though it read nothing itself', () => {
    const next = new Map(paths).set('/culture/item/8', propsFingerprint({ culture: { id: 8, title: '新' } }));
    expect(affectedPages(reads, new Set(), paths, next)).toEqual({ render: ['/culture/item/8'], remove: [] });
  });
});

describe('propsFingerprint', () => {
  it('tells props apart by what their Maps and Sets hold', () => {
    expect(propsFingerprint({ a: new Map([[1, 'x']]) })).not.toBe(propsFingerprint({ a: new Map([[1, 'y']]) }));
    expect(propsFingerprint({ a: new Set([1]) })).toBe(propsFingerprint({ a: new Set([1]) }));
  });
});

describe('outputFileOf', () => {
  it('maps paths to the files of a directory-format build', () => {
    expect(['/', '/culture', '/culture/item/7/', '/404', '/sitemap.xml', '/map/china.svg'].map(outputFileOf)).toEqual([
      'index.html',
      'culture/index.html',
      'culture/item/7/index.html',
      '404.html',
      'sitemap.xml',
      'map/china.svg',
    ]);
  });
});

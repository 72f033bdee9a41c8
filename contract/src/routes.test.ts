import { describe, expect, it } from 'vitest';
import { API_SCHEMAS, PORTAL_SCHEMAS } from './route-schemas.ts';
import { API_ROUTES, apiRoutesOf, fillPath, needsNoToken, PORTAL_ROUTES } from './routes.ts';

describe('the route table', () => {
  it('names each method and path once', () => {
    for (const table of [API_ROUTES, PORTAL_ROUTES]) {
      const calls = Object.values(table).map((route) => `${route.method} ${route.path}`);
      expect(new Set(calls).size).toBe(calls.length);
    }
  });

  it('has schemas for exactly its calls', () => {
    expect(Object.keys(API_SCHEMAS).sort()).toEqual(Object.keys(API_ROUTES).sort());
    expect(Object.keys(PORTAL_SCHEMAS).sort()).toEqual(Object.keys(PORTAL_ROUTES).sort());
  });
});

describe('apiRoutesOf', () => {
  it('prefers a fixed segment to a parameter, as the router does', () => {
    expect(apiRoutesOf('/api/order/list').map((r) => r.path)).toEqual(['/api/order/list']);
    expect(apiRoutesOf('/api/order/12').map((r) => r.path)).toEqual(['/api/order/:id']);
    expect(apiRoutesOf('/api/inheritor/profiles').map((r) => r.path)).toEqual(['/api/inheritor/profiles']);
  });

  it('gives one route per method of a path, and none for a path it does not know', () => {
    expect(
      apiRoutesOf('/api/collection')
        .map((r) => r.method)
        .sort(),
    ).toEqual(['DELETE', 'POST']);
    expect(apiRoutesOf('/api/nothing')).toEqual([]);
    expect(apiRoutesOf('/api/culture/')).toEqual([]);
  });
});

describe('needsNoToken', () => {
  it('is true for public and optional routes', () => {
    expect(needsNoToken('/api/culture/12')).toBe(true);
    expect(needsNoToken('/api/inheritor/3')).toBe(true);
    expect(needsNoToken('/api/health/ready')).toBe(true);
  });

  it("is false for a user's routes, the webhook's and unknown paths", () => {
    expect(needsNoToken('/api/order/12')).toBe(false);
    expect(needsNoToken('/api/profile/browse-history')).toBe(false);
    expect(needsNoToken('/api/internal/cms-events')).toBe(false);
    expect(needsNoToken('/api/unknown')).toBe(false);
  });
});

describe('fillPath', () => {
  it('puts each parameter in, URL-encoded', () => {
    expect(fillPath('/portal/preview/:kind/:documentId', { kind: 'culture', documentId: 'a b/c' })).toBe(
      '/portal/preview/culture/a%20b%2Fc',
    );
    expect(fillPath('/portal/orders/:ref/pay', { ref: 7 })).toBe('/portal/orders/7/pay');
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/portal/orders/:ref', {})).toThrow(':ref');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PORTAL_ROUTES } from '@feiyi/contract/routes';
import { describe, expect, it } from 'vitest';
import { AUTHENTICATED_ACTIONS } from '../bootstrap/permissions';

interface StrapiRoute {
  method: string;
  path: string;
  handler: string;
}

const API = path.resolve(import.meta.dirname, '..', 'api');

/** Every custom route file of the CMS's APIs (core routers, made by Strapi's factory, serve its REST only). */
async function customRoutes(): Promise<StrapiRoute[]> {
  const files = readdirSync(API).flatMap((api) => {
    const dir = path.join(API, api, 'routes');
    try {
      return readdirSync(dir).map((file) => path.join(dir, file));
    } catch {
      return [];
    }
  });
  const custom = files.filter((file) => !readFileSync(file, 'utf8').includes('createCoreRouter'));
  const modules = await Promise.all(custom.map((file) => import(file) as Promise<{ default: { routes: StrapiRoute[] } }>));
  return modules.flatMap((module) => module.default.routes);
}

describe("the CMS's /portal routes and the contract's route table", () => {
  it('are the same calls: every table entry is a CMS route with its method and path, and every CMS /portal route is in the table', async () => {
    const cms = (await customRoutes()).filter((route) => route.path.startsWith('/portal/')).map((r) => `${r.method} ${r.path}`);
    const table = Object.values(PORTAL_ROUTES).map((r) => `${r.method} ${r.path}`);
    expect(cms.sort()).toEqual(table.sort());
  });

  it("let a visitor's token reach exactly the table's visitor calls; the server's calls are granted to no role", async () => {
    const handlers = new Map((await customRoutes()).map((r) => [`${r.method} ${r.path}`, r.handler]));
    const granted = new Set(AUTHENTICATED_ACTIONS);
    const wrong = Object.entries(PORTAL_ROUTES).flatMap(([name, route]) => {
      const handler = handlers.get(`${route.method} ${route.path}`);
      return handler && granted.has(handler) !== (route.caller === 'visitor') ? [`${name}: ${handler} (${route.caller})`] : [];
    });
    expect(wrong).toEqual([]);
  });
});

import type { Core } from '@strapi/strapi';

interface Route {
  handler: string;
  config?: { policies?: unknown[] } & Record<string, unknown>;
}

/**
 * The content-manager's relation routes (/content-manager/relations/:model/…) list a document's related
 * documents. Strapi checks only the relation field: when the admin may not read it, the controller carries on
 * and fails (a 500). The policy global::may-read-relation-source refuses first, with a 403, an admin who may
 * not read the source type at all, so 内容编辑 gets nothing about an order, a donation or a booking through
 * them. Called in register(), before the routes are mounted.
 */
export function guardRelationRoutes(strapi: Core.Strapi) {
  const routes = strapi.plugin('content-manager').routes as unknown as Record<string, { routes: Route[] }>;
  for (const route of routes.admin?.routes ?? []) {
    if (!route.handler.startsWith('relations.')) continue;
    route.config = { ...route.config, policies: [...(route.config?.policies ?? []), 'global::may-read-relation-source'] };
  }
}

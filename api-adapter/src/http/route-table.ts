import type { FastifyContextConfig } from 'fastify';
import { API_SCHEMAS } from '@feiyi/contract/route-schemas';
import { API_ROUTES, type ApiRoute, type ApiRouteName } from '@feiyi/contract/routes';

/** What a handler's file says about its route for the API document; the rest comes from the route table. */
export interface RouteDocs {
  tags?: string[];
  summary?: string;
  description?: string;
  consumes?: string[];
  /** Left out of the document (an answer that is not JSON); webhook routes are left out anyway. */
  hide?: boolean;
}

/** Per-route settings that are the adapter's own, not the contract's (who may call it is the table's). */
type LocalConfig = Omit<FastifyContextConfig, 'auth' | 'tokenInQuery'>;

/**
 * A route's declaration from the contract's table: method, path, who may call it and its schemas, with the handler's
 * words for the document. Spread into `app.route({ ...tableRoute(name, docs), handler })`: the request's types follow
 * from the table's schemas.
 */
export function tableRoute<N extends ApiRouteName, D extends RouteDocs>(name: N, docs: D, config: LocalConfig = {}) {
  const route: ApiRoute = API_ROUTES[name];
  const schema = { ...(route.auth === 'webhook' ? { hide: true } : {}), ...docs, ...API_SCHEMAS[name] } as D & (typeof API_SCHEMAS)[N];
  return {
    method: route.method,
    url: route.path,
    config: { ...config, auth: route.auth, ...(route.tokenInQuery ? { tokenInQuery: true } : {}) },
    schema,
  };
}

/**
 * The route table: every call of the public API (`/api/…`) and of the CMS's private API for the adapter
 * (`/api/portal/…`), by name, with its method, path and who may make it. A module of its own, without zod: the site's
 * shell reads which calls need a token on every page (codes.ts says why). The schemas of each call are attached by the
 * same names in route-schemas.ts.
 *
 * The adapter registers its routes from API_ROUTES (method, path, auth) and the OpenAPI document follows; the site stops
 * a call without a token unless API_ROUTES says it needs none; the adapter's CMS client reaches the CMS only by a
 * PORTAL_ROUTES name; a test holds the CMS's `/portal` routes to PORTAL_ROUTES (cms/src/portal/routes.test.ts).
 */

/** Who may call an API route; the adapter enforces it (api-adapter/src/auth/route-auth.ts). */
export type RouteAuth =
  /** Anyone; the route never looks at a token. */
  | 'public'
  /** Anyone; a valid Bearer token makes the visitor known (guests, and stale tokens, get the public view). */
  | 'optional'
  /** A signed-in user: a valid Bearer token, else 401. The user is the token's, never one named in a query or body. */
  | 'user'
  /** The CMS's and the site builder's reports: the shared webhook secret in `x-webhook-secret`, else 401. Not documented. */
  | 'webhook';

export const ROUTE_AUTHS: readonly RouteAuth[] = ['public', 'optional', 'user', 'webhook'];

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: RouteMethod;
  /** Fastify's form: parameters as `:name`. */
  path: `/api/${string}`;
  auth: RouteAuth;
  /** 'user' routes: the token may also come as `?token=` (GET /api/user/info). */
  tokenInQuery?: true;
}

export const API_ROUTES = {
  // Accounts and the visitor's profile.
  'user.login': { method: 'POST', path: '/api/user/login', auth: 'public' },
  'user.register': { method: 'POST', path: '/api/user/register', auth: 'public' },
  'user.logout': { method: 'POST', path: '/api/user/logout', auth: 'public' },
  'user.info': { method: 'GET', path: '/api/user/info', auth: 'user', tokenInQuery: true },
  'user.username': { method: 'PUT', path: '/api/user/username', auth: 'user' },
  'user.address': { method: 'PUT', path: '/api/user/address', auth: 'user' },
  'user.avatar': { method: 'PUT', path: '/api/user/avatar', auth: 'user' },
  'user.background': { method: 'PUT', path: '/api/user/background', auth: 'user' },
  'profile.stats': { method: 'GET', path: '/api/profile/stats', auth: 'user' },
  'upload.avatar': { method: 'POST', path: '/api/upload/avatar', auth: 'public' },
  'upload.profileImage': { method: 'POST', path: '/api/upload/update-avatar', auth: 'user' },
  // Culture items and their categories.
  'culture.page': { method: 'GET', path: '/api/culture/page', auth: 'public' },
  'culture.search': { method: 'GET', path: '/api/culture/search', auth: 'public' },
  'culture.hot': { method: 'GET', path: '/api/culture/hot', auth: 'public' },
  'culture.latest': { method: 'GET', path: '/api/culture/latest', auth: 'public' },
  'culture.detail': { method: 'GET', path: '/api/culture/:id', auth: 'public' },
  'culture.categories': { method: 'GET', path: '/api/categories', auth: 'public' },
  // Provinces.
  'province.list': { method: 'GET', path: '/api/province/list', auth: 'public' },
  'province.byCode': { method: 'GET', path: '/api/province/code/:code', auth: 'public' },
  'province.detail': { method: 'GET', path: '/api/province/:id', auth: 'public' },
  'province.types': { method: 'GET', path: '/api/province/:id/types', auth: 'public' },
  'province.cultures': { method: 'GET', path: '/api/province/:id/cultures', auth: 'public' },
  // The shop.
  'product.page': { method: 'GET', path: '/api/product/page', auth: 'public' },
  'product.detail': { method: 'GET', path: '/api/product/:id', auth: 'public' },
  'order.create': { method: 'POST', path: '/api/order', auth: 'user' },
  'order.quick': { method: 'POST', path: '/api/orders/create', auth: 'user' },
  'order.mockPay': { method: 'POST', path: '/api/orders/:id/mock-pay', auth: 'user' },
  'order.paymentMock': { method: 'POST', path: '/api/payment/mock/:id', auth: 'user' },
  'order.paymentStatus': { method: 'PUT', path: '/api/order/:id/payment-status', auth: 'user' },
  'order.list': { method: 'GET', path: '/api/order/list', auth: 'user' },
  'order.detail': { method: 'GET', path: '/api/order/:id', auth: 'user' },
  // Favourites and the browse history.
  'collection.check': { method: 'GET', path: '/api/collection/check', auth: 'user' },
  'collection.add': { method: 'POST', path: '/api/collection', auth: 'user' },
  'collection.remove': { method: 'DELETE', path: '/api/collection', auth: 'user' },
  'collection.list': { method: 'GET', path: '/api/collection/list', auth: 'user' },
  'history.record': { method: 'POST', path: '/api/profile/browse-history', auth: 'user' },
  'history.batch': { method: 'POST', path: '/api/profile/browse-history/batch', auth: 'user' },
  'history.list': { method: 'GET', path: '/api/profile/browse-history', auth: 'user' },
  // Inheritors and follows.
  'inheritor.byCategory': { method: 'GET', path: '/api/inheritor/category/:categoryId', auth: 'optional' },
  'inheritor.profiles': { method: 'GET', path: '/api/inheritor/profiles', auth: 'public' },
  'inheritor.detail': { method: 'GET', path: '/api/inheritor/:id', auth: 'optional' },
  'inheritor.seal': { method: 'GET', path: '/api/inheritor/:id/seal.svg', auth: 'public' },
  'follow.status': { method: 'GET', path: '/api/inheritor/follow/status/:id', auth: 'user' },
  'follow.follow': { method: 'POST', path: '/api/inheritor/follow/:id', auth: 'user' },
  'follow.unfollow': { method: 'POST', path: '/api/inheritor/unfollow/:id', auth: 'user' },
  'follow.count': { method: 'GET', path: '/api/inheritor/follows/count', auth: 'user' },
  'follow.list': { method: 'GET', path: '/api/profile/follows/inheritors', auth: 'user' },
  // The national list.
  'national.entries': { method: 'GET', path: '/api/national/entries', auth: 'public' },
  'national.item': { method: 'GET', path: '/api/national/items/:slug', auth: 'public' },
  'national.figures': { method: 'GET', path: '/api/national/figures', auth: 'public' },
  // Policies.
  'policy.list': { method: 'GET', path: '/api/policy/list', auth: 'public' },
  'policy.timeline': { method: 'GET', path: '/api/timeline', auth: 'public' },
  // Donations.
  'donation.projects': { method: 'GET', path: '/api/donations/projects', auth: 'public' },
  'donation.feed': { method: 'GET', path: '/api/donations/feed', auth: 'public' },
  'donation.donate': { method: 'POST', path: '/api/donations/donate', auth: 'user' },
  'donation.mine': { method: 'GET', path: '/api/donations/mine', auth: 'user' },
  'achievement.list': { method: 'GET', path: '/api/achievements/user/:userId', auth: 'user' },
  'achievement.check': { method: 'POST', path: '/api/achievements/check', auth: 'user' },
  // Workshops.
  'workshop.list': { method: 'GET', path: '/api/workshops', auth: 'public' },
  'workshop.book': { method: 'POST', path: '/api/workshops/:id/book', auth: 'user' },
  'workshop.bookings': { method: 'GET', path: '/api/profile/bookings', auth: 'user' },
  // Pages.
  'page.home': { method: 'GET', path: '/api/home', auth: 'public' },
  'page.heritageList': { method: 'GET', path: '/api/heritage/list', auth: 'public' },
  'page.heritage': { method: 'GET', path: '/api/heritage/:id', auth: 'public' },
  'page.newsList': { method: 'GET', path: '/api/news/list', auth: 'public' },
  'page.news': { method: 'GET', path: '/api/news/:id', auth: 'public' },
  // Operations.
  'health.live': { method: 'GET', path: '/api/health', auth: 'public' },
  'health.ready': { method: 'GET', path: '/api/health/ready', auth: 'public' },
  // Internal: the CMS's change reports and the site builder's (behind the webhook secret, not documented).
  'internal.cacheStats': { method: 'GET', path: '/api/internal/cache-stats', auth: 'webhook' },
  'internal.siteReads': { method: 'POST', path: '/api/internal/site-reads', auth: 'webhook' },
  'internal.cmsEvents': { method: 'POST', path: '/api/internal/cms-events', auth: 'webhook' },
  'internal.siteBuild': { method: 'GET', path: '/api/internal/site-build', auth: 'webhook' },
  'internal.siteBuildReport': { method: 'PUT', path: '/api/internal/site-build', auth: 'webhook' },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Who calls a `/portal` route: the adapter with its server token, or on a visitor's behalf with their own JWT. */
export type PortalCaller = 'server' | 'visitor';

export interface PortalRoute {
  method: RouteMethod;
  /** Under the CMS's `/api`, in Strapi's form: parameters as `:name`. */
  path: `/portal/${string}`;
  caller: PortalCaller;
}

export const PORTAL_ROUTES = {
  'me.read': { method: 'GET', path: '/portal/me', caller: 'visitor' },
  'me.update': { method: 'PUT', path: '/portal/me', caller: 'visitor' },
  'me.stats': { method: 'GET', path: '/portal/me/stats', caller: 'visitor' },
  'favourites.check': { method: 'GET', path: '/portal/favourites/check', caller: 'visitor' },
  'favourites.list': { method: 'GET', path: '/portal/favourites', caller: 'visitor' },
  'favourites.add': { method: 'POST', path: '/portal/favourites', caller: 'visitor' },
  'favourites.remove': { method: 'DELETE', path: '/portal/favourites', caller: 'visitor' },
  'bookings.create': { method: 'POST', path: '/portal/bookings', caller: 'visitor' },
  'bookings.list': { method: 'GET', path: '/portal/bookings', caller: 'visitor' },
  'follows.list': { method: 'GET', path: '/portal/follows', caller: 'visitor' },
  'follows.count': { method: 'GET', path: '/portal/follows/count', caller: 'visitor' },
  'follows.status': { method: 'GET', path: '/portal/follows/:id', caller: 'visitor' },
  'follows.follow': { method: 'POST', path: '/portal/follows/:id', caller: 'visitor' },
  'follows.unfollow': { method: 'DELETE', path: '/portal/follows/:id', caller: 'visitor' },
  /** A batch of visitors' orders, each with its visitor's own token inside. */
  'orders.place': { method: 'POST', path: '/portal/orders', caller: 'server' },
  'orders.list': { method: 'GET', path: '/portal/orders', caller: 'visitor' },
  'orders.find': { method: 'GET', path: '/portal/orders/:ref', caller: 'visitor' },
  'orders.pay': { method: 'POST', path: '/portal/orders/:ref/pay', caller: 'visitor' },
  'donations.donate': { method: 'POST', path: '/portal/donations', caller: 'visitor' },
  'donations.list': { method: 'GET', path: '/portal/donations', caller: 'visitor' },
  'donations.feed': { method: 'GET', path: '/portal/donations/feed', caller: 'server' },
  'achievements.list': { method: 'GET', path: '/portal/achievements', caller: 'visitor' },
  'browse.record': { method: 'POST', path: '/portal/browse-records', caller: 'visitor' },
  'browse.list': { method: 'GET', path: '/portal/browse-records', caller: 'visitor' },
  'content.version': { method: 'GET', path: '/portal/content-version', caller: 'server' },
  'products.stock': { method: 'GET', path: '/portal/products/stock', caller: 'server' },
  'workshops.seats': { method: 'GET', path: '/portal/workshops/seats', caller: 'server' },
  'cultures.views': { method: 'POST', path: '/portal/cultures/views', caller: 'server' },
  'national.list': { method: 'GET', path: '/portal/national-list', caller: 'server' },
  'preview.document': { method: 'GET', path: '/portal/preview/:kind/:documentId', caller: 'server' },
} as const satisfies Record<string, PortalRoute>;

export type PortalRouteName = keyof typeof PORTAL_ROUTES;

/** The names of a path's parameters: '/portal/orders/:ref/pay' → 'ref'. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its parameters filled in, each URL-encoded: ('/portal/orders/:ref', { ref: 'A 1' }) → '/portal/orders/A%201'. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a concrete path (no query) is the route's: each `:name` stands for one non-empty segment. */
export function pathMatches(route: string, path: string): boolean {
  const routeParts = route.split('/');
  const pathParts = path.split('/');
  return (
    routeParts.length === pathParts.length &&
    routeParts.every((part, i) => (part.startsWith(':') ? pathParts[i] !== '' : part === pathParts[i]))
  );
}

/** How many segments of a route are fixed words: where two routes match a path, the one with more wins (as in Fastify). */
const fixedSegments = (route: string) => route.split('/').filter((part) => !part.startsWith(':')).length;

/**
 * The API route a call reaches, for each method the path has: where a fixed path and a parameter both match
 * ('/api/order/list' and '/api/order/:id'), the fixed one, as the adapter's router chooses.
 */
export function apiRoutesOf(path: string): ApiRoute[] {
  const best = new Map<RouteMethod, ApiRoute>();
  for (const route of Object.values(API_ROUTES) as ApiRoute[]) {
    if (!pathMatches(route.path, path)) continue;
    const held = best.get(route.method);
    if (!held || fixedSegments(route.path) > fixedSegments(held.path)) best.set(route.method, route);
  }
  return [...best.values()];
}

/**
 * Whether a call to this path needs no token: it is an API route, and the adapter answers it to anyone (public, or
 * optional: a token only changes the view) whatever the method.
 */
export function needsNoToken(path: string): boolean {
  const routes = apiRoutesOf(path);
  return routes.length > 0 && routes.every((route) => route.auth === 'public' || route.auth === 'optional');
}

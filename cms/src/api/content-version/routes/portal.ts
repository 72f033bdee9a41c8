// Server token only (no role is granted these actions): the adapter's view of content freshness.
export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/portal/content-version', handler: 'api::content-version.content-version.version', config: {} },
    { method: 'GET', path: '/portal/products/stock', handler: 'api::content-version.content-version.productStock', config: {} },
    { method: 'GET', path: '/portal/workshops/seats', handler: 'api::content-version.content-version.workshopSeats', config: {} },
    { method: 'POST', path: '/portal/cultures/views', handler: 'api::content-version.content-version.views', config: {} },
  ],
};

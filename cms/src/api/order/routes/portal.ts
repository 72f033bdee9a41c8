// The visitor's own orders. Strapi's users-permissions verifies the JWT; the controller only ever
// acts on ctx.state.user (the authenticated role is granted these actions in bootstrap). New orders come in batches
// with the adapter's server token, each with its visitor's own token, which the controller verifies.
export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/portal/orders', handler: 'api::order.order.placeBatch', config: {} },
    { method: 'GET', path: '/portal/orders', handler: 'api::order.order.listMine', config: {} },
    { method: 'GET', path: '/portal/orders/:ref', handler: 'api::order.order.findMine', config: {} },
    { method: 'POST', path: '/portal/orders/:ref/pay', handler: 'api::order.order.payMine', config: {} },
  ],
};

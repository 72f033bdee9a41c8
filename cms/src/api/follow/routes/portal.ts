export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/portal/follows', handler: 'api::follow.follow.listMine', config: {} },
    { method: 'GET', path: '/portal/follows/count', handler: 'api::follow.follow.countMine', config: {} },
    { method: 'GET', path: '/portal/follows/:id', handler: 'api::follow.follow.statusMine', config: {} },
    { method: 'POST', path: '/portal/follows/:id', handler: 'api::follow.follow.followMine', config: {} },
    { method: 'DELETE', path: '/portal/follows/:id', handler: 'api::follow.follow.unfollowMine', config: {} },
  ],
};

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/portal/favourites/check', handler: 'api::favourite.favourite.checkMine', config: {} },
    { method: 'GET', path: '/portal/favourites', handler: 'api::favourite.favourite.listMine', config: {} },
    { method: 'POST', path: '/portal/favourites', handler: 'api::favourite.favourite.addMine', config: {} },
    { method: 'DELETE', path: '/portal/favourites', handler: 'api::favourite.favourite.removeMine', config: {} },
  ],
};

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/portal/me', handler: 'api::profile.profile.me', config: {} },
    { method: 'PUT', path: '/portal/me', handler: 'api::profile.profile.update', config: {} },
    { method: 'GET', path: '/portal/me/stats', handler: 'api::profile.profile.stats', config: {} },
  ],
};

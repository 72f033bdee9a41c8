export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/portal/browse-records', handler: 'api::browse-record.browse-record.recordMine', config: {} },
    { method: 'GET', path: '/portal/browse-records', handler: 'api::browse-record.browse-record.listMine', config: {} },
  ],
};

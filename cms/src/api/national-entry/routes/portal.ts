// Server token only (no role is granted this action): the adapter's copy of the national list.
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/portal/national-list', handler: 'api::national-entry.national-entry.list', config: {} }],
};

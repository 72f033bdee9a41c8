// Server token only (no role is granted this action): the adapter reads the draft an editor previews.
export default {
  type: 'content-api',
  routes: [{ method: 'GET', path: '/portal/preview/:kind/:documentId', handler: 'api::preview.preview.document', config: {} }],
};

export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/portal/donations', handler: 'api::donation.donation.donateMine', config: {} },
    { method: 'GET', path: '/portal/donations', handler: 'api::donation.donation.listMine', config: {} },
    { method: 'GET', path: '/portal/achievements', handler: 'api::donation.donation.achievementsMine', config: {} },
    // Server token only: masked names for the public donor table.
    { method: 'GET', path: '/portal/donations/feed', handler: 'api::donation.donation.feed', config: {} },
  ],
};

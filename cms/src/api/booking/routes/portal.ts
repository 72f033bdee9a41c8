export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/portal/bookings', handler: 'api::booking.booking.bookMine', config: {} },
    { method: 'GET', path: '/portal/bookings', handler: 'api::booking.booking.listMine', config: {} },
  ],
};

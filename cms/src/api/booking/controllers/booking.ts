import { portalBookingCreated, portalBookings, portalNewBooking } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { answers, parse, userIdOf } from '../../../portal/http';

const service = () => strapi.service('api::booking.booking');

export default factories.createCoreController('api::booking.booking', () => ({
  bookMine: answers(portalBookingCreated, async (ctx) => {
    const result = await service().book(userIdOf(ctx), parse(portalNewBooking, ctx.request.body));
    ctx.status = result.replayed ? 200 : 201;
    return result;
  }),
  listMine: answers(portalBookings, async (ctx) => service().listForUser(userIdOf(ctx))),
}));

import { portalNewOrder, portalOrder, portalOrderBatch, portalOrderPage, portalOrdersPlaced, portalPayment } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { pageFrom } from '@feiyi/contract/common';
import { answers, PortalError, pageArgs, parse, requireServerToken, userIdOf } from '../../../portal/http';
import { visitorsOf } from '../../../portal/visitors';
import type { OrderRequest } from '../services/order';
import { ORDER_PAGE_SIZE, USER_LIST_MAX_SIZE } from '@feiyi/contract/page-sizes';

const service = () => strapi.service('api::order.order');

/** What a visitor's role must be allowed to do to order (Strapi's users-permissions, as for their other order routes). */
const ORDER_ACTION = 'api::order.order.findMine';

export default factories.createCoreController('api::order.order', () => ({
  /** One adapter instance's queued orders (server token), each on behalf of the visitor whose token it carries. */
  placeBatch: answers(portalOrdersPlaced, async (ctx) => {
    requireServerToken(ctx);
    const { orders } = parse(portalOrderBatch, ctx.request.body);
    const visitors = await visitorsOf(
      strapi,
      orders.map((entry) => entry.token),
      ORDER_ACTION,
    );
    const requests = orders.map((entry, i): OrderRequest | PortalError => {
      const visitor = visitors[i]!;
      if (visitor instanceof PortalError) return visitor;
      try {
        return { userId: visitor, input: parse(portalNewOrder, entry.order) };
      } catch (error) {
        if (error instanceof PortalError) return error;
        throw error;
      }
    });
    return service().placeOrders(requests);
  }),
  listMine: answers(portalOrderPage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, ORDER_PAGE_SIZE, USER_LIST_MAX_SIZE);
    const { records, total } = await service().listForUser(userIdOf(ctx), { offset, size });
    return pageFrom(records, total, page, size);
  }),
  findMine: answers(portalOrder, async (ctx) => service().findForUser(userIdOf(ctx), ctx.params.ref)),
  payMine: answers(portalOrder, async (ctx) =>
    service().payForUser(userIdOf(ctx), ctx.params.ref, parse(portalPayment, ctx.request.body).paymentMethod),
  ),
}));

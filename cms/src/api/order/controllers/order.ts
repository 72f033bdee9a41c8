import { portalNewOrder, portalOrder, portalOrderCreated, portalOrderPage, portalPayment } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { pageFrom } from '@feiyi/contract/common';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';

const service = () => strapi.service('api::order.order');

export default factories.createCoreController('api::order.order', () => ({
  createMine: answers(portalOrderCreated, async (ctx) => {
    const result = await service().createForUser(userIdOf(ctx), parse(portalNewOrder, ctx.request.body));
    ctx.status = result.replayed ? 200 : 201;
    return result;
  }),
  listMine: answers(portalOrderPage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, 10, 50);
    const { records, total } = await service().listForUser(userIdOf(ctx), { offset, size });
    return pageFrom(records, total, page, size);
  }),
  findMine: answers(portalOrder, async (ctx) => service().findForUser(userIdOf(ctx), ctx.params.ref)),
  payMine: answers(portalOrder, async (ctx) =>
    service().payForUser(userIdOf(ctx), ctx.params.ref, parse(portalPayment, ctx.request.body).paymentMethod),
  ),
}));

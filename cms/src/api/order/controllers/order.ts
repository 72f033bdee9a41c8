import { portalOrder, portalOrderCreated, portalOrderPage } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { MAINLAND_MOBILE } from '@feiyi/contract/identity';
import { z } from 'zod';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';

const newOrderBody = z.object({
  items: z
    .array(
      z.object({
        productId: z.number({ error: '商品编号必须是数字' }).int().positive(),
        quantity: z
          .number({ error: '购买数量必须是数字' })
          .int({ error: '购买数量必须是整数' })
          .min(1, { error: '购买数量至少为 1' })
          .max(1_000_000, { error: '购买数量超出库存' }),
      }),
    )
    .min(1, { error: '订单中没有商品' })
    .max(50, { error: '一次最多购买 50 种商品' }),
  shipping: z
    .object({
      name: z.string().trim().min(1, { error: '请输入收货人姓名' }).max(30),
      phone: z.string().regex(MAINLAND_MOBILE, { error: '请输入正确的手机号码' }),
      address: z.string().trim().min(1, { error: '请输入收货地址' }).max(200),
    })
    .optional(),
  kind: z.enum(['cart', 'quick']).default('cart'),
  idempotencyKey: z.string().min(1).max(100).optional(),
});

const payBody = z.object({ paymentMethod: z.enum(['alipay', 'wechat', 'mock']).default('mock') });

const service = () => strapi.service('api::order.order');

export default factories.createCoreController('api::order.order', () => ({
  createMine: answers(portalOrderCreated, async (ctx) => {
    const result = await service().createForUser(userIdOf(ctx), parse(newOrderBody, ctx.request.body));
    ctx.status = result.replayed ? 200 : 201;
    return result;
  }),
  listMine: answers(portalOrderPage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, 10, 50);
    const { records, total } = await service().listForUser(userIdOf(ctx), { offset, size });
    return { records, total, size, current: page, pages: Math.ceil(total / size) };
  }),
  findMine: answers(portalOrder, async (ctx) => service().findForUser(userIdOf(ctx), ctx.params.ref)),
  payMine: answers(portalOrder, async (ctx) =>
    service().payForUser(userIdOf(ctx), ctx.params.ref, parse(payBody, ctx.request.body).paymentMethod),
  ),
}));

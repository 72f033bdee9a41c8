import { z } from 'zod';
import { envelope, pageOf, mainlandMobile, optionalUserId, pageQuery, positiveId } from './common.ts';
import { ORDER_PAGE_SIZE, USER_LIST_MAX_SIZE } from './page-sizes.ts';

/** How many of one product a line buys (the stock check is the CMS's, inside its transaction). */
export const orderQuantity = z
  .number({ error: '购买数量必须是数字' })
  .int({ error: '购买数量必须是整数' })
  .min(1, { error: '购买数量至少为 1' })
  .max(1_000_000, { error: '购买数量超出库存' });
const money = z.number({ error: '金额必须是数字' }).min(0, { error: '金额不能为负数' });

export const orderLine = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    productName: z.string(),
    productImage: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    totalAmount: z.number(),
  })
  .meta({ id: 'OrderLine' });

export const order = z
  .object({
    id: z.number().int(),
    orderNo: z.string(),
    orderNumber: z.string().describe('与 orderNo 相同（两种读法都支持）'),
    status: z.number().int().describe('0 待支付，1 已支付，2 已取消'),
    statusText: z.string(),
    totalAmount: z.number(),
    payAmount: z.number(),
    shippingName: z.string(),
    shippingPhone: z.string(),
    shippingAddress: z.string(),
    paymentMethod: z.string().nullable(),
    expiresAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    orderItems: z.array(orderLine),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/** One order holds 1 to 50 lines, whichever call places it. */
export const orderLines = <T extends z.ZodType>(line: T) =>
  z.array(line).min(1, { error: '订单中没有商品' }).max(50, { error: '一次最多购买 50 种商品' });

/** The receiver of a shipped order. */
export const shippingName = z
  .string({ error: '请输入收货人姓名' })
  .trim()
  .min(1, { error: '请输入收货人姓名' })
  .max(30, { error: '收货人姓名过长' });
export const shippingPhone = mainlandMobile('请输入联系电话');
export const shippingAddress = z
  .string({ error: '请输入收货地址' })
  .trim()
  .min(1, { error: '请输入收货地址' })
  .max(200, { error: '收货地址过长' });

/** POST /api/order — prices and totals from the client are checked against the catalogue, never trusted. */
export const createOrderBody = z.object({
  orderItems: orderLines(
    z.object({
      productId: positiveId('商品编号'),
      quantity: orderQuantity,
      productName: z.string().optional(),
      productImage: z.string().optional(),
      price: money.optional(),
      totalAmount: money.optional(),
    }),
  ),
  shippingName,
  shippingPhone,
  shippingAddress,
  totalAmount: money.optional(),
  payAmount: money.optional(),
  status: z.number().int().optional().describe('忽略：新订单总是 0（待支付）'),
  userId: optionalUserId,
});
export const createOrderResponse = envelope(z.object({ orderId: z.number().int(), orderNo: z.string(), totalAmount: z.number() }));

/** POST /api/orders/create — quick buy (the shop sends quantity 1). */
export const quickOrderBody = z.object({
  userId: optionalUserId,
  items: orderLines(z.object({ productId: positiveId('商品编号'), quantity: orderQuantity, price: money.optional() })),
});
export const quickOrderResponse = envelope(z.object({ id: z.number().int(), orderNo: z.string(), totalAmount: z.number() }));

export const orderIdParam = z.object({
  id: z
    .string()
    .regex(/^(\d{1,10}|[A-Z]{2}\d{20})$/, { error: '订单号无效' })
    .describe('订单 id 或订单号'),
});
export const payResponse = envelope(z.object({ order }));
export const paymentStatusBody = z.object({
  status: z.literal(1, { error: '只能把订单标记为已支付（status: 1）' }).default(1),
  paymentMethod: z.enum(['alipay', 'wechat'], { error: '支付方式只能是 alipay 或 wechat' }).default('wechat'),
});

export const orderListQuery = pageQuery(ORDER_PAGE_SIZE, USER_LIST_MAX_SIZE);
export const orderListResponse = envelope(pageOf(order));
export const orderDetailResponse = envelope(z.object({ order }));

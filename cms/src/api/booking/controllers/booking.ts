import { portalBookingCreated, portalBookings } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { ID_CARD_FORMAT, MAINLAND_MOBILE } from '@feiyi/contract/identity';
import { z } from 'zod';
import { answers, parse, userIdOf } from '../../../portal/http';

const participant = z.object({
  name: z.string().trim().min(1, { error: '请填写参与人姓名' }).max(30),
  phone: z.string().regex(MAINLAND_MOBILE, { error: '请输入正确的手机号码' }),
  idcard: z.string().regex(ID_CARD_FORMAT, { error: '请输入正确的 18 位身份证号' }),
});
const bookingBody = z.object({
  workshopId: z.number({ error: '请选择活动' }).int().positive(),
  participants: z.array(participant).min(1, { error: '参与人数为 1 到 4 人' }).max(4, { error: '参与人数为 1 到 4 人' }),
  idempotencyKey: z.string().min(1).max(100).optional(),
});

const service = () => strapi.service('api::booking.booking');

export default factories.createCoreController('api::booking.booking', () => ({
  bookMine: answers(portalBookingCreated, async (ctx) => {
    const result = await service().book(userIdOf(ctx), parse(bookingBody, ctx.request.body));
    ctx.status = result.replayed ? 200 : 201;
    return result;
  }),
  listMine: answers(portalBookings, async (ctx) => service().listForUser(userIdOf(ctx))),
}));

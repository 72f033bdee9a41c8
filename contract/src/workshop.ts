import { z } from 'zod';
import * as MESSAGES from './messages.ts';
import { envelope, mainlandMobile, positiveId } from './common.ts';
import { PARTICIPANTS, PARTICIPANT_NAME_MAX } from './booking-rules.ts';
import { ID_CARD_FORMAT, isValidIdCard } from './identity.ts';

export const workshop = z
  .object({
    id: z.number().int(),
    title: z.string(),
    price: z.number().describe('每人单价（元）'),
    seats: z.number().int(),
    seatsLeft: z.number().int(),
    startTime: z.string(),
    durationMinutes: z.number().int().nullable(),
    location: z.string(),
    image: z.string(),
    description: z.string(),
    highlights: z.array(z.string()),
  })
  .meta({ id: 'Workshop' });
export type Workshop = z.infer<typeof workshop>;
export const workshopsResponse = envelope(z.object({ workshops: z.array(workshop) }));

export const participant = z.object({
  name: z.string({ error: '请填写参与人姓名' }).trim().min(1, { error: '请填写参与人姓名' }).max(PARTICIPANT_NAME_MAX),
  phone: mainlandMobile('请填写参与人手机号'),
  // The full check (a real birth date and the right check character), the one the booking form applies before sending.
  idcard: z
    .string({ error: '请填写身份证号' })
    .trim()
    .regex(ID_CARD_FORMAT, { error: '请输入正确的 18 位身份证号' })
    .refine(isValidIdCard, { error: '请输入正确的 18 位身份证号' }),
});
export const workshopIdParam = z.object({ id: positiveId('活动编号') });
export const participants = z
  .array(participant)
  .min(PARTICIPANTS.min, { error: MESSAGES.workshop.participantCount })
  .max(PARTICIPANTS.max, { error: MESSAGES.workshop.participantCount });
export const bookingBody = z.object({ participants });
export const booking = z
  .object({
    id: z.number().int(),
    bookingNo: z.string(),
    status: z.string().describe('已预约'),
    workshopId: z.number().int(),
    activity: z.object({ title: z.string(), time: z.string(), location: z.string(), image: z.string() }),
    count: z.number().int(),
    amount: z.number(),
    participants: z.array(z.object({ name: z.string(), phone: z.string(), idcard: z.string().describe('脱敏：前 6 位与后 4 位') })),
    createTime: z.string(),
  })
  .meta({ id: 'Booking' });
export const bookingResponse = envelope(z.object({ booking }));
export const bookingListResponse = envelope(z.object({ records: z.array(booking) }));

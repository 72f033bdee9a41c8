import { factories, type Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { findPublishedByPid, mediaUrl } from '../../../portal/catalogue';
import { conflict, notFound } from '../../../portal/http';
import { maskIdCard } from '@feiyi/contract/identity';
import { toFen, toYuan } from '@feiyi/contract/money';
import { newOrderNumber } from '../../../rules/order-number';
import { isUniqueViolation } from '../../../portal/unique-violation';
import { seatLevels, takeSeats } from '../../workshop/services/seats';
import * as MESSAGES from '@feiyi/contract/messages';

const UID = 'api::booking.booking';

export interface NewBooking {
  workshopId: number;
  participants: Array<{ name: string; phone: string; idcard: string }>;
  idempotencyKey?: string;
}

interface BookingRow {
  id: number;
  bookingNo: string;
  workshopPid: number;
  count: number;
  amount: number | string;
  status: string;
  createdAt: string;
  participants?: Array<{ name: string; phone: string; idcardMasked: string }>;
  workshop?: { title: string; startTime: string; location: string | null; image?: unknown } | null;
}

function present(row: BookingRow) {
  return {
    id: row.id,
    bookingNo: row.bookingNo,
    status: row.status === 'booked' ? '已预约' : row.status === 'cancelled' ? '已取消' : '待支付',
    workshopId: row.workshopPid,
    activity: {
      title: row.workshop?.title ?? '',
      time: row.workshop?.startTime ?? '',
      location: row.workshop?.location ?? '',
      image: mediaUrl(row.workshop?.image),
    },
    count: row.count,
    amount: Number(row.amount),
    participants: (row.participants ?? []).map((p) => ({ name: p.name, phone: p.phone, idcard: p.idcardMasked })),
    createTime: row.createdAt,
  };
}

const populate = { participants: true, workshop: { populate: { image: true } } };

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => ({
  async book(userId: number, input: NewBooking) {
    const idempotencyKey = input.idempotencyKey ? `${userId}:${input.idempotencyKey}` : undefined;
    if (idempotencyKey) {
      const previous = await strapi.db.query(UID).findOne({ where: { idempotencyKey }, populate });
      if (previous) return { booking: present(previous as BookingRow), replayed: true };
    }
    const workshop = await findPublishedByPid(strapi, 'api::workshop.workshop', input.workshopId);
    if (!workshop) throw notFound('活动不存在');
    if (Date.parse(workshop.startTime) <= Date.now()) throw conflict(MESSAGES.workshop.ended);
    // One booking per user and activity (a second booking of the same title and time is refused), enforced by a unique key.
    const dedupeKey = `${userId}:${workshop.pid}`;
    if (await strapi.db.query(UID).findOne({ where: { dedupeKey }, select: ['id'] })) throw conflict(MESSAGES.workshop.alreadyBooked);
    const count = input.participants.length;
    try {
      const created = await strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
        if (!(await takeSeats(trx, workshop.documentId, count))) {
          const left = Math.max(0, workshop.seats - (workshop.seatsBooked ?? 0));
          throw conflict(left === 0 ? '该活动名额已满' : `名额不足，仅剩 ${left} 个`);
        }
        return strapi.documents(UID).create({
          data: {
            bookingNo: newOrderNumber('WS'),
            user: userId,
            workshop: workshop.documentId,
            workshopPid: workshop.pid,
            participants: input.participants.map((p) => ({ name: p.name, phone: p.phone, idcardMasked: maskIdCard(p.idcard) })),
            count,
            amount: toYuan(toFen(workshop.price) * count),
            status: 'booked',
            dedupeKey,
            idempotencyKey,
          },
        });
      });
      const row = await strapi.db.query(UID).findOne({ where: { documentId: created.documentId }, populate });
      // The seats after this booking, so the adapter that took it answers them at once.
      const seats = await seatLevels(strapi.db.connection, [workshop.pid]);
      return { booking: present(row as BookingRow), replayed: false, seats };
    } catch (error) {
      // A retry with the same Idempotency-Key gets the first booking, whatever stopped it: the unique index (both at
      // once), or the seats the first one took while it still held the row (full), as orders do.
      const previous = idempotencyKey
        ? await strapi.db
            .query(UID)
            .findOne({ where: { idempotencyKey }, populate })
            .catch(() => null)
        : null;
      if (previous) return { booking: present(previous as BookingRow), replayed: true };
      if (isUniqueViolation(error)) throw conflict(MESSAGES.workshop.alreadyBooked);
      throw error;
    }
  },

  async listForUser(userId: number) {
    const rows = await strapi.db
      .query(UID)
      .findMany({ where: { user: { id: userId } }, populate, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return (rows as BookingRow[]).map(present);
  },

  async count(userId: number) {
    return strapi.db.query(UID).count({ where: { user: { id: userId } } });
  },
}));

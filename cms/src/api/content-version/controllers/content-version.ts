import { portalViewCounted, seatLevels as seatLevelsAnswer, stockLevels as stockLevelsAnswer } from '@feiyi/contract/portal';
import { z } from 'zod';
import { contentFingerprint } from '../../../portal/content-fingerprint';
import { columnsOf, tableOf } from '../../../portal/db-names';
import { action, answers, parse, requireServerToken } from '../../../portal/http';
import { stockLevels } from '../../product/services/stock';
import { seatLevels } from '../../workshop/services/seats';

/** An optional comma-separated list of pids (all published documents when absent). */
const pidsQuery = z.object({
  pids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((value) => value.split(',').map(Number))
    .optional(),
});

export default {
  /** Fingerprints of public content, so each adapter and the site builder can tell cheaply whether their copy is stale. */
  version: action(async (ctx) => {
    requireServerToken(ctx);
    return contentFingerprint();
  }),

  /** Stock of published products (server token only): what the adapters follow when stock moved elsewhere. */
  productStock: answers(stockLevelsAnswer, async (ctx) => {
    requireServerToken(ctx);
    return stockLevels(strapi.db.connection, parse(pidsQuery, ctx.query).pids);
  }),

  /** Seats taken of published workshops (server token only). */
  workshopSeats: answers(seatLevelsAnswer, async (ctx) => {
    requireServerToken(ctx);
    return seatLevels(strapi.db.connection, parse(pidsQuery, ctx.query).pids);
  }),

  /** Counts a visit to a culture item (server token only; the adapter calls it on detail views). */
  view: answers(portalViewCounted, async (ctx) => {
    requireServerToken(ctx);
    const { pid } = parse(z.object({ pid: z.coerce.number().int().positive() }), ctx.params);
    const uid = 'api::culture.culture';
    const c = columnsOf(uid, 'pid', 'viewCount');
    await strapi.db.connection(tableOf(uid)).where(c.pid, pid).increment(c.viewCount, 1);
    return { ok: true };
  }),
};

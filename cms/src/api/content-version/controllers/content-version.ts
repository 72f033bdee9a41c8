import {
  portalContentVersion,
  portalPidsQuery,
  portalViewBatch,
  portalViewsCounted,
  seatLevels as seatLevelsAnswer,
  stockLevels as stockLevelsAnswer,
} from '@feiyi/contract/portal';
import type { Knex } from 'knex';
import { contentFingerprint } from '../../../portal/content-fingerprint';
import { editorActiveAt } from '../../../portal/editor-activity';
import { columnsOf, tableOf } from '../../../portal/db-names';
import { answers, parse, requireServerToken } from '../../../portal/http';
import { stockLevels } from '../../product/services/stock';
import { seatLevels } from '../../workshop/services/seats';

export default {
  /**
   * Fingerprints of public content, so each adapter and the site builder can tell cheaply whether their copy is stale;
   * and when editors last worked, so the builder has a render process ready for their publishes.
   */
  version: answers(portalContentVersion, async (ctx) => {
    requireServerToken(ctx);
    return { ...(await contentFingerprint()), editorActiveAt: editorActiveAt() };
  }),

  /** Stock of published products (server token only): what the adapters follow when stock moved elsewhere. */
  productStock: answers(stockLevelsAnswer, async (ctx) => {
    requireServerToken(ctx);
    return stockLevels(strapi.db.connection, parse(portalPidsQuery, ctx.query).pids);
  }),

  /** Seats taken of published workshops (server token only). */
  workshopSeats: answers(seatLevelsAnswer, async (ctx) => {
    requireServerToken(ctx);
    return seatLevels(strapi.db.connection, parse(portalPidsQuery, ctx.query).pids);
  }),

  /**
   * Adds a batch of views of culture items (server token only; each adapter instance sends what it counted since its
   * last flush). One UPDATE per item adds its count to what is stored, inside one transaction: concurrent batches from
   * several instances all add up, and a batch that fails leaves nothing half-counted for the adapter's retry.
   * Through the query builder, not the Document Service: that would move updated_at and fire Strapi's entry.update, and a
   * view would then change the content fingerprint, reload every adapter's cache and rebuild the site.
   */
  views: answers(portalViewsCounted, async (ctx) => {
    requireServerToken(ctx);
    const { views } = parse(portalViewBatch, ctx.request.body);
    const uid = 'api::culture.culture';
    const table = tableOf(uid);
    const c = columnsOf(uid, 'pid', 'viewCount');
    let counted = 0;
    await strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
      for (const { cultureId, count } of views) {
        // The draft row follows too, so an editor's next publish does not take the views back.
        const rows = await trx(table).where(c.pid, cultureId).increment(c.viewCount, count);
        if (rows > 0) counted += count;
      }
    });
    return { counted };
  }),
};

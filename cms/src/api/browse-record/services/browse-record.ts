import type { BROWSE_TYPES } from '@feiyi/contract/history';
import { factories, type Core } from '@strapi/strapi';
import { summarizeTargets } from '../../../portal/targets';
import { isUniqueViolation } from '../../../portal/unique-violation';

const UID = 'api::browse-record.browse-record';
export type BrowseType = (typeof BROWSE_TYPES)[number];

export interface BrowseInput {
  browseType: BrowseType;
  browseId: number;
  browseTime?: string;
}

/** Keeps the newest time per (type, id): the same page viewed twice is one history entry. */
export function dedupeBrowseRecords(records: readonly BrowseInput[], now: Date): Array<Required<BrowseInput>> {
  const latest = new Map<string, Required<BrowseInput>>();
  for (const record of records) {
    const time =
      record.browseTime && !Number.isNaN(Date.parse(record.browseTime))
        ? new Date(Math.min(Date.parse(record.browseTime), now.getTime()))
        : now;
    const key = `${record.browseType}:${record.browseId}`;
    const previous = latest.get(key);
    if (!previous || Date.parse(previous.browseTime) < time.getTime()) latest.set(key, { ...record, browseTime: time.toISOString() });
  }
  return [...latest.values()];
}

export default factories.createCoreService(UID, ({ strapi }: { strapi: Core.Strapi }) => ({
  async record(userId: number, records: readonly BrowseInput[]) {
    let saved = 0;
    for (const record of dedupeBrowseRecords(records, new Date())) {
      const dedupeKey = `${userId}:${record.browseType}:${record.browseId}`;
      const existing = await strapi.db.query(UID).findOne({ where: { dedupeKey }, select: ['id', 'browseTime'] });
      if (existing) {
        if (Date.parse(existing.browseTime) < Date.parse(record.browseTime)) {
          await strapi.db.query(UID).update({ where: { id: existing.id }, data: { browseTime: record.browseTime } });
        }
      } else {
        try {
          await strapi.documents(UID).create({ data: { user: userId, ...record, dedupeKey } });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      saved += 1;
    }
    return { status: 'success' as const, saved };
  },

  async list(userId: number, options: { type?: BrowseType; offset: number; size: number }) {
    const where: Record<string, unknown> = { user: { id: userId } };
    if (options.type) where.browseType = options.type;
    const [rows, total] = await Promise.all([
      strapi.db
        .query(UID)
        .findMany({ where, orderBy: [{ browseTime: 'desc' }, { id: 'desc' }], offset: options.offset, limit: options.size }),
      strapi.db.query(UID).count({ where }),
    ]);
    const records = rows as Array<{ id: number; browseType: BrowseType; browseId: number; browseTime: string }>;
    const summaries = new Map<string, Map<number, { title: string; coverImage: string; description: string }>>();
    for (const type of new Set(records.map((r) => r.browseType))) {
      summaries.set(
        type,
        await summarizeTargets(
          strapi,
          type,
          records.filter((r) => r.browseType === type).map((r) => r.browseId),
        ),
      );
    }
    return {
      total,
      records: records.map((r) => {
        const summary = summaries.get(r.browseType)?.get(r.browseId);
        return {
          id: r.id,
          browseType: r.browseType,
          browseId: r.browseId,
          browseTime: r.browseTime,
          title: summary?.title ?? '（内容已下线）',
          coverImage: summary?.coverImage ?? '',
          description: summary?.description ?? '',
        };
      }),
    };
  },
}));

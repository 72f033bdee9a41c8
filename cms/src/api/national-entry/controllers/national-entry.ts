import { factories } from '@strapi/strapi';
import { action, requireServerToken } from '../../../portal/http';

interface EntryRow {
  id: number;
  serial: string;
  name: string;
  batchYear: number;
  entryKind: 'new' | 'extension';
  region: string;
  category: { code: number } | null;
  province: { shortName: string } | null;
  culture: { pid: number | null } | null;
}
interface InheritorRow {
  pid: number | null;
  name: string;
  gender: 'male' | 'female' | null;
  birthYear: number | null;
  ethnicity: string | null;
  item: string | null;
  itemSerial: string | null;
  region: string | null;
  batchYear: number | null;
  level: 'national' | 'provincial' | null;
  category: { code: number } | null;
  province: { shortName: string } | null;
}

export default factories.createCoreController('api::national-entry.national-entry', () => ({
  /**
   * The whole national list in one compact answer for the adapter (server token only): every entry,
   * and every published national inheritor's list facts. Prose and pictures of the written profiles
   * come with the inheritors' own content; this is the ≈ 7,600-row table the figures are computed from.
   */
  list: action(async (ctx, strapi) => {
    requireServerToken(ctx);
    const [entries, inheritors] = (await Promise.all([
      strapi.db.query('api::national-entry.national-entry').findMany({
        select: ['id', 'serial', 'name', 'batchYear', 'entryKind', 'region'],
        populate: { category: { select: ['code'] }, province: { select: ['shortName'] }, culture: { select: ['pid'] } },
        orderBy: { id: 'asc' },
      }),
      strapi.db.query('api::inheritor.inheritor').findMany({
        where: { publishedAt: { $notNull: true }, level: 'national' },
        select: ['pid', 'name', 'gender', 'birthYear', 'ethnicity', 'item', 'itemSerial', 'region', 'batchYear', 'level'],
        populate: { category: { select: ['code'] }, province: { select: ['shortName'] } },
        orderBy: { pid: 'asc' },
      }),
    ])) as [EntryRow[], InheritorRow[]];
    return {
      entries: entries.map((e) => ({
        id: e.id,
        serial: e.serial,
        name: e.name,
        categoryCode: e.category?.code ?? null,
        batchYear: e.batchYear,
        kind: e.entryKind,
        region: e.region,
        province: e.province?.shortName ?? null,
        culturePid: e.culture?.pid ?? null,
      })),
      inheritors: inheritors
        .filter((i) => i.pid !== null)
        .map((i) => ({
          pid: i.pid,
          name: i.name,
          gender: i.gender,
          birthYear: i.birthYear,
          ethnicity: i.ethnicity,
          item: i.item,
          itemSerial: i.itemSerial,
          categoryCode: i.category?.code ?? null,
          region: i.region,
          province: i.province?.shortName ?? null,
          batchYear: i.batchYear,
        })),
    };
  }),
}));

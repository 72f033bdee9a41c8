import { z } from 'zod';
import { AS_OF } from '@feiyi/contract/national';
import { ApiError } from '../http/errors.ts';
import { type CategoryInfo, NationalList, type RawNationalList } from './list.ts';

/** A national-list entry as the CMS's document (populated as the public read is). */
export const strapiNationalEntry = z.object({
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  batchYear: z.number().int(),
  entryKind: z.enum(['new', 'extension']),
  region: z.string(),
  category: z.object({ code: z.number().int() }).nullable().optional(),
  province: z.object({ shortName: z.string() }).nullable().optional(),
  culture: z.object({ pid: z.number().int().nullable() }).nullable().optional(),
});

/**
 * The item page's record with one entry as the CMS holds it now, among the item's other entries of the loaded list
 * (the entry may have moved to another item: it is shown on the item its serial names).
 */
export function itemWithEntry(raw: RawNationalList, categories: readonly CategoryInfo[], document: unknown) {
  const entry = strapiNationalEntry.parse(document);
  const serial = entry.serial;
  // The whole list, not the item's entries alone: batch names (第三批) are ranks among all the list's batches.
  const entries = [
    ...raw.entries.filter((other) => other.id !== entry.id),
    {
      id: entry.id,
      serial,
      name: entry.name,
      categoryCode: entry.category?.code ?? null,
      batchYear: entry.batchYear,
      kind: entry.entryKind,
      region: entry.region,
      province: entry.province?.shortName ?? null,
      culturePid: entry.culture?.pid ?? null,
    },
  ].sort((a, b) => a.id - b.id);
  const list = new NationalList({ entries, inheritors: raw.inheritors }, categories);
  const item = list.itemBySerial.get(serial);
  // The site lists only entries with a category (a national item always has one).
  if (!item) throw ApiError.notFound('这个名录条目还没有类别，网站不显示它：请先选择类别');
  return {
    record: {
      item,
      entries: list.entriesBySerial.get(serial) ?? [],
      inheritors: list.inheritorsBySerial.get(serial) ?? [],
      asOf: { ...AS_OF },
    },
    entryId: entry.id,
  };
}

import { z } from 'zod';
import { envelope, pageOf, pageQuery, positiveId, unsupportedKindMessage } from './common.ts';
import { HISTORY_PAGE_SIZE, USER_LIST_MAX_SIZE } from './page-sizes.ts';

export const BROWSE_TYPES = ['culture', 'inheritor', 'event', 'product', 'heritage', 'news'] as const;
export const browseType = z.string({ error: '缺少浏览类型' }).refine((t) => (BROWSE_TYPES as readonly string[]).includes(t), {
  error: (issue) => unsupportedKindMessage('浏览类型', issue.input),
});

export const browseRecordBody = z.object({
  browseType,
  browseId: positiveId('browseId'),
  browseTime: z.iso.datetime({ offset: true, error: 'browseTime 必须是 ISO 时间' }).optional(),
});
/** The batch call takes a plain list (as the site sends it) or { records: [...] }; at most 50, de-duplicated on the server. */
export const browseRecords = z
  .array(browseRecordBody)
  .min(1, { error: '没有要同步的浏览记录' })
  .max(50, { error: '一次最多同步 50 条浏览记录' });
export const browseBatchBody = z.union([browseRecords, z.object({ records: browseRecords })]);
export const browseRecordResponse = envelope(z.object({ status: z.literal('success'), saved: z.number().int() }));

export const browseRecord = z
  .object({
    id: z.number().int(),
    title: z.string(),
    coverImage: z.string(),
    description: z.string(),
    browseTime: z.string(),
    browseType: z.enum(BROWSE_TYPES),
    browseId: z.number().int(),
  })
  .meta({ id: 'BrowseRecord' });
export const browseListQuery = pageQuery(HISTORY_PAGE_SIZE, USER_LIST_MAX_SIZE).extend({ type: browseType.optional().or(z.literal('')) });
export const browseListResponse = envelope(pageOf(browseRecord));

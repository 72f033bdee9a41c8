import type { UID } from '@strapi/strapi';
import { z } from 'zod';
import { action, notFound, parse, requireServerToken } from '../../../portal/http';
import { POPULATE } from '../../populate-rules';

/** What can be previewed: the preview kind (the site's /preview/{kind}/…), its content type and its public populate. */
export const PREVIEWED = {
  culture: { uid: 'api::culture.culture', populate: POPULATE.culture },
  heritage: { uid: 'api::heritage-page.heritage-page', populate: POPULATE['heritage-page'] },
  inheritor: { uid: 'api::inheritor.inheritor', populate: POPULATE.inheritor },
  policy: { uid: 'api::policy.policy', populate: POPULATE.policy },
  national: { uid: 'api::national-entry.national-entry', populate: POPULATE['national-entry'] },
  product: { uid: 'api::product.product', populate: POPULATE.product },
  donation: { uid: 'api::donation-project.donation-project', populate: POPULATE['donation-project'] },
  home: { uid: 'api::home-page.home-page', populate: POPULATE['home-page'] },
} as const satisfies Record<string, { uid: UID.ContentType; populate: object }>;

const previewParams = z.object({
  kind: z.enum(Object.keys(PREVIEWED) as [keyof typeof PREVIEWED, ...(keyof typeof PREVIEWED)[]]),
  documentId: z.string().regex(/^[a-z0-9]{1,64}$/, '文档编号无效'),
});
const previewQuery = z.object({ status: z.enum(['draft', 'published']).default('draft') });

export default {
  /**
   * One document as the public read would populate it, in the version asked for (server token only): the public
   * routes serve published documents alone (middlewares/public-read.ts), the preview needs the draft. The answer
   * also says whether a published version exists, for the ribbon's switch.
   */
  document: action(async (ctx) => {
    requireServerToken(ctx);
    const { kind, documentId } = parse(previewParams, ctx.params);
    const { status } = parse(previewQuery, ctx.query);
    const { uid, populate } = PREVIEWED[kind];
    const documents = strapi.documents(uid);
    const [document, published] = await Promise.all([
      documents.findOne({ documentId, status, populate: populate as never }),
      documents.count({ filters: { documentId }, status: 'published' }),
    ]);
    if (!document) throw notFound('要预览的内容不存在');
    return { document, published: published > 0 };
  }),
};

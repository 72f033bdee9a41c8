import { browseType } from '@feiyi/contract/history';
import { pageFrom } from '@feiyi/contract/common';
import { portalBrowseBatch, portalBrowsePage, portalBrowseSaved } from '@feiyi/contract/portal';
import { factories } from '@strapi/strapi';
import { answers, pageArgs, parse, userIdOf } from '../../../portal/http';
import type { BrowseType } from '../services/browse-record';
import { HISTORY_PAGE_SIZE, USER_LIST_MAX_SIZE } from '@feiyi/contract/page-sizes';

const service = () => strapi.service('api::browse-record.browse-record');
type Input = Parameters<ReturnType<typeof service>['record']>[1];

export default factories.createCoreController('api::browse-record.browse-record', () => ({
  recordMine: answers(portalBrowseSaved, async (ctx) =>
    service().record(userIdOf(ctx), parse(portalBrowseBatch, ctx.request.body).records as Input),
  ),
  listMine: answers(portalBrowsePage, async (ctx) => {
    const { page, size, offset } = pageArgs(ctx.query, HISTORY_PAGE_SIZE, USER_LIST_MAX_SIZE);
    const type = ctx.query.type ? (parse(browseType, String(ctx.query.type)) as BrowseType) : undefined;
    const { records, total } = await service().list(userIdOf(ctx), { type, offset, size });
    return pageFrom(records, total, page, size);
  }),
}));

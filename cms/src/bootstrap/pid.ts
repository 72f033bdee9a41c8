import type { Core } from '@strapi/strapi';

/**
 * Content the API addresses by a number (/culture/{id}, browseId, targetId …). Strapi's row ids
 * change on every publish, so each document carries a stable `pid`, assigned here on creation.
 */
export const PID_CONTENT_TYPES = new Set([
  'api::culture.culture',
  'api::inheritor.inheritor',
  'api::policy.policy',
  'api::news-item.news-item',
  'api::product.product',
  'api::donation-project.donation-project',
  'api::workshop.workshop',
  'api::heritage-page.heritage-page',
]);

export function registerPidAssignment(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.action === 'create' && PID_CONTENT_TYPES.has(context.uid)) {
      const params = context.params as { data?: Record<string, unknown> };
      if (params.data && (params.data.pid === undefined || params.data.pid === null)) {
        const last = await strapi.db
          .query(context.uid)
          .findOne({ select: ['pid'], orderBy: { pid: 'desc' }, where: { pid: { $notNull: true } } });
        params.data.pid = ((last?.pid as number | undefined) ?? 0) + 1;
      }
    }
    return next();
  });
}

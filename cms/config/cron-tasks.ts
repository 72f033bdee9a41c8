import type { Core } from '@strapi/strapi';

export default {
  /** Pending orders older than 30 minutes are cancelled and their stock returned (also checked on read). */
  expireUnpaidOrders: {
    task: async ({ strapi }: { strapi: Core.Strapi }) => {
      const cancelled = await strapi.service('api::order.order').expireDue();
      if (cancelled > 0) strapi.log.info(`[orders] cancelled ${cancelled} unpaid order(s) past their hold time`);
    },
    options: { rule: '*/1 * * * *' },
  },
};

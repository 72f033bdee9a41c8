import type { Core } from '@strapi/strapi';

export default (): Core.Config.Api => ({
  rest: { defaultLimit: 25, maxLimit: 500, withCount: true },
});

import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('USER_JWT_TTL', '7d') },
      register: { allowedFields: [] },
      // The CMS is not exposed to visitors: every login comes through the adapter, which limits
      // failed logins per IP and per username. Strapi's per-IP limiter would see only the adapter.
      ratelimit: { enabled: false },
    },
  },
  upload: {
    config: {
      sizeLimit: 5 * 1024 * 1024,
    },
  },
});

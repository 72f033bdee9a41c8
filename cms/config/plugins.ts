import type { Core } from '@strapi/strapi';

export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('USER_JWT_TTL', '7d') },
      register: { allowedFields: [] },
    },
  },
  upload: {
    config: {
      sizeLimit: 5 * 1024 * 1024,
    },
  },
});

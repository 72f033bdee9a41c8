import type { Core } from '@strapi/strapi';

// Secrets come from ../.runtime/secrets.env, written by ./portal on first run.
export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: { secret: env('ADMIN_JWT_SECRET', '') },
  apiToken: { salt: env('API_TOKEN_SALT', '') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', '') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', '') },
  flags: { nps: false, promoteEE: false },
  // Tests and the scale-out profile may run the content API without the admin panel.
  serveAdminPanel: env.bool('SERVE_ADMIN', true),
});

import type { Core } from '@strapi/strapi';
import { previewAddress } from '../src/portal/preview-address';

// Secrets come from ../.runtime/secrets.env, written by ./portal on first run.
export default ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: { secret: env('ADMIN_JWT_SECRET', '') },
  apiToken: { salt: env('API_TOKEN_SALT', '') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', '') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', '') },
  flags: { nps: false, promoteEE: false },
  // Tests and the scale-out profile may run the content API without the admin panel.
  serveAdminPanel: env.bool('SERVE_ADMIN', true),
  // The side panel's 预览 opens the site's own page for the document (draft or published), at a signed address that
  // expires (src/portal/preview-address.ts); the site's origin may be framed by the admin.
  preview: {
    enabled: Boolean(env('PREVIEW_SECRET', '')),
    config: {
      allowedOrigins: [new URL(env('PREVIEW_SITE_URL', 'http://127.0.0.1:8080')).origin],
      handler: (uid: string, document: { documentId: string; locale?: string | null; status?: string | null }) =>
        previewAddress({ siteUrl: env('PREVIEW_SITE_URL', 'http://127.0.0.1:8080'), secret: env('PREVIEW_SECRET', '') }, uid, document),
    },
  },
});

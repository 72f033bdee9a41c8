import type { Core } from '@strapi/strapi';
import { UPLOAD_ALLOWED_TYPES, UPLOAD_SIZE_LIMIT_BYTES } from '../src/media/upload-rules';
import { uploadStoreConfig } from '../src/media/upload-store';

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
      // An S3-compatible bucket when S3_BUCKET and its keys are set (src/media/upload-store.ts); the local folder otherwise.
      ...uploadStoreConfig(process.env),
      // A photograph straight from a camera or phone (several MB) is accepted; the site never serves it as it is
      // (src/media/web-formats.ts makes AVIF and WebP copies at the layouts' widths).
      sizeLimit: UPLOAD_SIZE_LIMIT_BYTES,
      security: { allowedTypes: [...UPLOAD_ALLOWED_TYPES] },
    },
  },
});

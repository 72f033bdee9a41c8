/**
 * Where uploads are stored: Strapi's local folder (public/uploads) by default, or an S3-compatible bucket when the
 * environment names one (AWS S3, or Alibaba OSS, Tencent COS, MinIO … through their S3-compatible endpoints).
 * The objects keep the local provider's names (`<hash><ext>` at the bucket's root, or under S3_ROOT_PATH) and, by
 * default, its URLs (`/uploads/<hash><ext>`): the portal's own origin serves them, nginx passing /uploads/ to the
 * bucket, so the API's image addresses do not change with the store.
 */
import type { Core } from '@strapi/strapi';
import { upload as UPLOAD_MESSAGES } from '@feiyi/contract/messages';
import { PortalError } from '../portal/http';

type Env = Record<string, string | undefined>;

export const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'S3_FORCE_PATH_STYLE',
  'S3_ROOT_PATH',
  'S3_ACL',
] as const;

/** The upload plugin's provider settings for the S3 store the environment names, or undefined for local uploads. */
export function uploadStoreConfig(env: Env) {
  const given = S3_SETTINGS.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return undefined;
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`S3 上传设置不完整：缺少 ${missing.join('、')}（已设置 ${given.join('、')}）`);
  const forcePathStyle = readBoolean(env.S3_FORCE_PATH_STYLE, 'S3_FORCE_PATH_STYLE');
  const acl = env.S3_ACL || 'public-read';
  return {
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: (env.S3_PUBLIC_URL || '/uploads').replace(/\/+$/, ''),
      rootPath: env.S3_ROOT_PATH || undefined,
      s3Options: {
        region: env.S3_REGION || 'us-east-1',
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
        forcePathStyle,
        credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
        // The AWS SDK now adds CRC checksums (aws-chunked bodies) to every upload; several S3-compatible stores
        // (OSS, COS, local test servers) refuse or store them garbled. Checksums only where the API requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A store that does not answer fails the upload within seconds instead of holding the editor's request.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
        // Buckets with ACLs turned off (AWS's default since 2023, Cloudflare R2) refuse an ACL header: S3_ACL=none.
        params: { Bucket: env.S3_BUCKET!, ...(acl === 'none' ? { ACL: undefined } : { ACL: acl }) },
      },
    },
  };
}

function readBoolean(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} 只能是 true 或 false，得到：${value}`);
}

/**
 * A file the store could not take (unreachable, refusing, failing) becomes one clear answer, 503 with the catalogue's
 * message, instead of Strapi's bare 500. Strapi writes the file's record only after the store has taken the file and
 * every format, so a failed upload leaves no record behind.
 */
export function reportUnavailableStore(strapi: Core.Strapi): void {
  const provider = strapi.plugin('upload').provider as Record<string, unknown>;
  for (const method of ['upload', 'uploadStream'] as const) {
    const original = provider[method];
    if (typeof original !== 'function') continue;
    provider[method] = async (...args: unknown[]) => {
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(provider, args);
      } catch (error) {
        strapi.log.error(`upload store failed: ${(error as Error).name}: ${(error as Error).message}`);
        throw new PortalError(503, UPLOAD_MESSAGES.storeUnavailable);
      }
    };
  }
}

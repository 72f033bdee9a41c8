import { z } from 'zod';
import { ORDER_BATCH_MAX } from '@feiyi/contract/portal';
import { uploadBaseOf } from '@feiyi/contract/upload-address';

const configSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** The visitor-facing origin; media URLs in answers are absolute under it. */
  PUBLIC_URL: z.url().optional(),
  CMS_URL: z.url().default('http://127.0.0.1:1337'),
  CMS_API_TOKEN: z.string().min(32),
  JWT_SECRET: z.string().min(16),
  WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Signs the editors' preview addresses (preview/signature.ts); without it, /preview/… answers 403 to everyone. */
  PREVIEW_SECRET: z.string().min(32).optional(),
  /** Built static site (Astro output) served at /, so the site and /api share one origin. */
  SITE_DIR: z.string().optional(),
  /** Strapi's local uploads folder, served at /uploads without a round trip through Strapi. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * The upload store's public address, the CMS's own setting (cms/src/media/upload-store.ts): when it is a CDN or the
   * bucket's host (https://img.example.cn), uploads answer addresses there, and avatars and backgrounds may be saved
   * under it (contract/upload-address.ts). Unset or a path (`/uploads`): only the portal's own /uploads/ addresses.
   */
  S3_PUBLIC_URL: z
    .string()
    .optional()
    .refine((value) => !/^https?:/i.test(value?.trim() ?? '') || uploadBaseOf(value) !== undefined, {
      error: '须为 http(s) 地址（不带查询串），或 /uploads 这样的路径',
    })
    .transform((value) => uploadBaseOf(value)),
  REDIS_URL: z.string().optional(),
  /**
   * This instance's name when several run behind one address (the scale profile: adapter-1, adapter-2…): every answer
   * names it in the X-Adapter-Instance header, and content changes announced through Redis say where they came from.
   */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
    .optional(),
  /**
   * Which proxies may set X-Forwarded-For (per-IP limits use the client address). Off by default:
   * the adapter faces visitors directly. Behind nginx/a load balancer: its address or CIDR, or "true".
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' || value === '' ? false : value)),
  /**
   * How many batches of this instance's orders may be in the CMS at once (the rest wait in the instance, in order): a flash
   * sale's crowd otherwise takes the CMS's whole database pool at once. Instances × this should stay below DATABASE_POOL_MAX.
   */
  CMS_ORDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** Most orders in one of those requests: the orders that queued while the CMS was busy leave together (one transaction). */
  CMS_ORDER_BATCH: z.coerce.number().int().min(1).max(ORDER_BATCH_MAX).default(50),
  /**
   * This instance's metrics (Prometheus's text format) on 127.0.0.1:METRICS_PORT/metrics, a listener of its own that
   * nginx never proxies; unset: no metrics listener.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Shed load early: past this event-loop delay (ms) requests are answered 503 with Retry-After at once, instead of
   * every answer waiting longer (@fastify/under-pressure); 0 = never. Health and readiness are always answered.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** On SIGTERM, how long readiness answers false before the server stops accepting (for a balancer that polls it; ms). */
  DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How often each instance compares its in-memory content with the CMS's fingerprints (ms; 0 = never). */
  CACHE_REVALIDATE_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Hold every cached answer to its contract schema when it is built (a mismatch is a 500 with the
   * reason in the log). On in tests and development; off by default in production, where the cost
   * would fall on the hot path of cached reads.
   */
  CHECK_ANSWERS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? process.env.NODE_ENV !== 'production' : value === 'true')),
  /**
   * Browser tests only: lets a request header `x-test-fault: <status>` make /api answer that error
   * (http/test-faults.ts). Set by the test runner; off unless exactly '1'.
   */
  TEST_FAULTS: z
    .string()
    .optional()
    .transform((value) => value === '1'),
});

export type AppConfig = z.infer<typeof configSchema> & { PUBLIC_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`适配层配置无效：${problems}`);
  }
  const config = parsed.data;
  return { ...config, PUBLIC_URL: (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '') };
}

import type { FastifyRequest } from 'fastify';
import { storedUploadUrl } from '@feiyi/contract/upload-address';
import type { Redis } from 'ioredis';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { CmsClient } from '../cms/client.ts';
import type { AppConfig } from '../config.ts';
import type { ContentFanOut } from '../content/fan-out.ts';
import type { ContentStore } from '../content/store.ts';
import type { ViewCounter } from '../culture/view-counter.ts';
import type { DonorFeed } from '../donation/donor-feed.ts';
import type { PortalDonorFeed } from '@feiyi/contract/portal';
import { ApiError } from '../http/errors.ts';

/** What every domain's routes are given by app.ts. */
export interface Deps {
  config: AppConfig;
  cms: CmsClient;
  store: ContentStore;
  loginLimiter: LoginLimiter;
  /** What several instances share (REDIS_URL); absent for a single instance. */
  redis?: Redis | undefined;
  /** Tells the other instances that content moved here (with Redis only). */
  fanOut?: ContentFanOut | undefined;
  /** Views of culture items on their way to the CMS and the other instances, in batches. */
  views: ViewCounter;
  /** The public donor feed, shared by the readers of one second (forgotten when a donation is made). */
  donorFeed: DonorFeed<PortalDonorFeed>;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_\-:.]{1,100}$/;

/** The optional Idempotency-Key header: a retried request with the same key gets the first answer. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value))
    throw ApiError.badRequest('Idempotency-Key 格式无效（1–100 个字母、数字或 _-:.）');
  return value;
}

/**
 * What to store for an image a visitor chose (avatar, background): our own uploads only, as the upload answered them
 * (contract/upload-address.ts); undefined for anything else.
 */
export const uploadUrlOf = (url: string, config: AppConfig): string | undefined =>
  storedUploadUrl(url, { origin: config.PUBLIC_URL, uploadBase: config.S3_PUBLIC_URL });

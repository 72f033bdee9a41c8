/** Why an adapter instance is not ready for traffic (GET /api/health/ready answers them). */
export const UNREADY_REASONS = ['content-not-loaded', 'cms-unreachable', 'redis-unreachable', 'overloaded', 'draining'] as const;
export type UnreadyReason = (typeof UNREADY_REASONS)[number];

/**
 * Causes every instance shares (one CMS, one Redis): taking the instance that noticed first out of nginx only moves its
 * traffic to another that fails alike a moment later, and each reload closes visitors' kept-alive connections. Every
 * instance stays in and serves reads from its cache, writes with the Chinese 503.
 */
export const SHARED_UNREADY_REASONS: ReadonlySet<string> = new Set<UnreadyReason>(['cms-unreachable', 'redis-unreachable']);

/** Whether an instance's reasons are its own (worth sending its traffic elsewhere), not only shared ones. */
export const unreadyOnItsOwn = (reasons: readonly string[]): boolean => reasons.some((reason) => !SHARED_UNREADY_REASONS.has(reason));

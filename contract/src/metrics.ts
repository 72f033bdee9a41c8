/**
 * Every metric name our processes expose, declared once: the adapter, the CMS and ./portal register them from here, and
 * the Prometheus alert rules (deploy/prometheus/) and the Grafana dashboard (deploy/grafana/) are checked against this
 * list by a unit test, so a renamed metric cannot leave an alert watching nothing.
 */
export const METRIC_PREFIX = 'feiyi_';

export const METRICS = {
  /** Adapter: requests by route, method and status (fastify-metrics' histogram; its _count is the request counter). */
  httpDuration: 'feiyi_http_request_duration_seconds',
  /** Adapter: public reads answered from the in-memory answer cache, or built (hit / miss). */
  cacheLookups: 'feiyi_adapter_cache_lookups_total',
  /** Adapter: calls to the CMS by operation and outcome (ok / error), and their duration. */
  cmsCallDuration: 'feiyi_adapter_cms_call_duration_seconds',
  cmsCallFailures: 'feiyi_adapter_cms_call_failures_total',
  /** Adapter: orders waiting for a batch, and how many orders each batch carried. */
  orderQueueDepth: 'feiyi_adapter_order_queue_depth',
  orderBatchSize: 'feiyi_adapter_order_batch_size',
  /** Adapter: 1 while the shared Redis connection is up (0 when down; absent in the embedded default without Redis). */
  redisUp: 'feiyi_adapter_redis_up',
  /** Adapter: 1 when this instance is ready for traffic, with the reasons it is not (`reason` label on feiyi_adapter_unready). */
  ready: 'feiyi_adapter_ready',
  unready: 'feiyi_adapter_unready',
  /** Adapter: requests refused early because the instance was overloaded (503 with Retry-After). */
  shed: 'feiyi_adapter_shed_total',
  /** CMS: requests by method, route group and status. */
  cmsHttpDuration: 'feiyi_cms_http_request_duration_seconds',
  /** CMS: its database pool (knex): connections in use, free, and requests waiting for one. */
  dbPoolUsed: 'feiyi_cms_db_pool_used',
  dbPoolFree: 'feiyi_cms_db_pool_free',
  dbPoolPending: 'feiyi_cms_db_pool_pending',
  /** CMS: 1 when a trivial query answers within a second. */
  dbUp: 'feiyi_cms_db_up',
  /** ./portal: site builds by outcome (ok / failed), their duration, pages rebuilt, consecutive failures. */
  siteBuilds: 'feiyi_site_builds_total',
  siteBuildDuration: 'feiyi_site_build_duration_seconds',
  sitePagesRebuilt: 'feiyi_site_pages_rebuilt_total',
  siteBuildConsecutiveFailures: 'feiyi_site_build_consecutive_failures',
  /** ./portal: the resident memory of every process it started (label `process`), read from /proc. */
  childResidentMemory: 'feiyi_process_resident_memory_bytes',
  /** ./portal: the filesystem holding .runtime (database, uploads, backups): free and total bytes. */
  diskFree: 'feiyi_disk_free_bytes',
  diskSize: 'feiyi_disk_size_bytes',
  /** ./portal: the backup job's status file (.runtime/backup-status.json), when it exists. */
  backupLastSuccess: 'feiyi_backup_last_success_timestamp_seconds',
  backupLastAttempt: 'feiyi_backup_last_attempt_timestamp_seconds',
  backupLastAttemptOk: 'feiyi_backup_last_attempt_ok',
  backupDuration: 'feiyi_backup_last_duration_seconds',
  backupSize: 'feiyi_backup_last_size_bytes',
  backupInterval: 'feiyi_backup_interval_seconds',
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];

/**
 * Internal metrics ports, derived from the public one (PORT): 127.0.0.1 only, never proxied by nginx's public server.
 * Prometheus +31, ./portal +32, the CMS +33, adapter instance N (1-based) +33+N.
 */
export const METRICS_PORT_OFFSETS = { prometheus: 31, portal: 32, cms: 33, adapterBase: 33 } as const;

export const metricsPorts = (webPort: number, adapters: number) => ({
  prometheus: webPort + METRICS_PORT_OFFSETS.prometheus,
  portal: webPort + METRICS_PORT_OFFSETS.portal,
  cms: webPort + METRICS_PORT_OFFSETS.cms,
  adapters: Array.from({ length: adapters }, (_, i) => webPort + METRICS_PORT_OFFSETS.adapterBase + 1 + i),
});

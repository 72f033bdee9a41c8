import diagnosticsChannel from 'node:diagnostics_channel';
import client, { type Registry } from '@prometheus-io/client';
import type { FastifyInstance } from 'fastify';
import fastifyMetricsModule from 'fastify-metrics';
import type { Redis } from 'ioredis';
import { METRICS } from '@feiyi/contract/metrics';
import { cacheLookup, orderQueueChange, type CacheLookupMessage, type OrderQueueMessage } from './channels.ts';

// A CommonJS module: Node hands ESM its exports object, whose `default` is the plugin.
const fastifyMetrics = fastifyMetricsModule.default;

/** Latency buckets (seconds): cached reads answer in about a millisecond, a flash sale's orders in hundreds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A CMS call's operation: the first two segments of its path under /api (`portal/orders`, `cultures`), never ids. */
export function cmsOperationOf(path: string): string {
  const bare = (path.split('?')[0] ?? '').replace(/^\/api\//, '/');
  const segments = bare.split('/').filter((segment) => segment && !/^\d+$/.test(segment) && !/^[a-z0-9]{20,}$/.test(segment));
  return segments.slice(0, 2).join('/') || '/';
}

interface UndiciRequest {
  origin?: string | URL;
  method?: string;
  path?: string;
}

/**
 * The adapter's metrics in `registry` (served by server.ts on an internal port, never through nginx): per-route requests
 * (fastify-metrics' histogram: rate, latency, status), the process's own (memory, heap, event-loop lag), the answer
 * cache's hits, the CMS calls' latency and failures, the order queue, Redis's connection.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { registry: Registry; cmsUrl: string; redis?: Redis | undefined },
): Promise<void> {
  const { registry } = options;
  await app.register(fastifyMetrics, {
    endpoint: null,
    promClient: client,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // Unmatched paths (scanners) share one label instead of growing the series without bound.
      registeredRoutesOnly: true,
      invalidRouteGroup: '__unknown__',
      overrides: {
        histogram: { name: METRICS.httpDuration, buckets: LATENCY_BUCKETS, registers: [registry] },
        // Disabled, yet still built by the plugin: registered nowhere, so a second app in one process (tests) does not clash.
        summary: { registers: [] },
      },
    },
  });

  const cacheLookups = new client.Counter({
    name: METRICS.cacheLookups,
    help: 'Public reads looked up in the answer cache, by result (hit: served as built before; miss: built now)',
    labelNames: ['result'],
    registers: [registry],
  });
  const onLookup = (message: unknown) => cacheLookups.inc({ result: (message as CacheLookupMessage).hit ? 'hit' : 'miss' });
  cacheLookup.subscribe(onLookup);

  const queueDepth = new client.Gauge({
    name: METRICS.orderQueueDepth,
    help: 'Orders waiting for a batch to the CMS',
    registers: [registry],
  });
  const batchSizes = new client.Histogram({
    name: METRICS.orderBatchSize,
    help: 'Orders carried by each batch sent to the CMS',
    buckets: [1, 2, 5, 10, 20, 50],
    registers: [registry],
  });
  const onQueue = (message: unknown) => {
    const { depth, batchSize } = message as OrderQueueMessage;
    queueDepth.set(depth);
    if (batchSize !== undefined) batchSizes.observe(batchSize);
  };
  orderQueueChange.subscribe(onQueue);

  // CMS calls are timed where fetch (undici) reports them: every call, retries included, whichever helper made it.
  const cmsOrigin = new URL(options.cmsUrl).origin;
  const cmsDuration = new client.Histogram({
    name: METRICS.cmsCallDuration,
    help: 'Calls to the CMS until their answer headers, by operation, method and status',
    labelNames: ['operation', 'method', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const cmsFailures = new client.Counter({
    name: METRICS.cmsCallFailures,
    help: 'Calls to the CMS that failed (no answer, or a 5xx), by operation',
    labelNames: ['operation'],
    registers: [registry],
  });
  const started = new WeakMap<object, { at: bigint; operation: string; method: string }>();
  const originOf = (request: UndiciRequest) => (request.origin === undefined ? '' : new URL(String(request.origin)).origin);
  const onCreate = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    if (originOf(request) !== cmsOrigin) return;
    started.set(request, { at: process.hrtime.bigint(), operation: cmsOperationOf(request.path ?? '/'), method: request.method ?? 'GET' });
  };
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    const seconds = Number(process.hrtime.bigint() - call.at) / 1e9;
    cmsDuration.observe({ operation: call.operation, method: call.method, status: String(response.statusCode) }, seconds);
    if (response.statusCode >= 500) cmsFailures.inc({ operation: call.operation });
  };
  const onError = (message: unknown) => {
    const { request } = message as { request: object };
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    cmsFailures.inc({ operation: call.operation });
  };
  diagnosticsChannel.subscribe('undici:request:create', onCreate);
  diagnosticsChannel.subscribe('undici:request:headers', onHeaders);
  diagnosticsChannel.subscribe('undici:request:error', onError);

  const { redis } = options;
  if (redis) {
    new client.Gauge({
      name: METRICS.redisUp,
      help: '1 while the shared Redis connection is ready',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
  }

  app.addHook('onClose', async () => {
    cacheLookup.unsubscribe(onLookup);
    orderQueueChange.unsubscribe(onQueue);
    diagnosticsChannel.unsubscribe('undici:request:create', onCreate);
    diagnosticsChannel.unsubscribe('undici:request:headers', onHeaders);
    diagnosticsChannel.unsubscribe('undici:request:error', onError);
  });
}

import type { Server } from 'node:http';
import type { FastifyReply } from 'fastify';
import { Registry } from '@prometheus-io/client';
import { loadConfig } from './config.ts';
import { startTracing } from './tracing.ts';
import { serveMetrics } from './metrics/server.ts';
import { requestIdOf } from './http/request-id.ts';
import type { Readiness } from './health/readiness.ts';
import { setTimeout as sleep } from 'node:timers/promises';

// Only listens: everything else is in app.ts.
const config = loadConfig();
// Traces, when an OTLP endpoint is set (tracing.ts), start before Fastify is loaded and created: @fastify/otel instruments
// each instance as it is created. Hence Fastify and the app are imported here, after it, not at the top.
const tracing = await startTracing({ instanceName: config.INSTANCE_NAME });
const { default: Fastify, LogController } = await import('fastify');
const { default: app } = await import('./app.ts');
const server = Fastify({
  logger: { level: config.LOG_LEVEL },
  trustProxy: config.TRUST_PROXY,
  // Each request's id: nginx's X-Request-Id when well formed, else a new one (http/request-id.ts).
  genReqId: requestIdOf,
  requestIdHeader: false,
  // Requests too malformed to route (bad URL encoding, broken headers) still get a Chinese answer.
  clientErrorHandler: (error, socket) => {
    const body = JSON.stringify({ code: 40000, message: '请求格式错误', data: null });
    if (socket.writable) {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
  },
  // A path that cannot be decoded (/api/culture/%E0%A4%A) is refused before routing, by Fastify
  // itself: it still gets our error body, not Fastify's English one.
  frameworkErrors: (_error, _request, reply: FastifyReply) =>
    reply.status(400).send({ code: 40000, message: '请求地址格式错误', data: null }),
  bodyLimit: 5 * 1024 * 1024,
  // Per-request access logs only when debugging: at load they cost more than the answers.
  logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
});
const registry = new Registry();
let readiness: Readiness | undefined;
await server.register(app, { config, registry, onReadiness: (given) => (readiness = given) });

let metricsServer: Server | undefined;
const shutdown = async (signal: string) => {
  server.log.info({ signal }, 'shutting down');
  // Readiness false first, so a balancer that polls it stops sending (./portal's rolling restart takes the instance out
  // of nginx before it signals); then Fastify stops accepting, answers the requests under way and closes idle
  // keep-alive connections.
  readiness?.drain();
  if (config.DRAIN_MS > 0) await sleep(config.DRAIN_MS);
  metricsServer?.close();
  await server.close();
  // The spans of the last requests go out before the exit; a collector that does not answer gets a few seconds, not the
  // exporter's own ten.
  if (tracing) {
    await Promise.race([
      tracing.shutdown().catch((error: unknown) => server.log.warn({ err: error }, 'tracing shutdown failed')),
      sleep(3_000),
    ]);
  }
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await server.listen({ host: config.HOST, port: config.PORT });
  if (config.METRICS_PORT) metricsServer = await serveMetrics(registry, config.METRICS_PORT);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `端口 ${config.PORT}${config.METRICS_PORT ? ` 或指标端口 ${config.METRICS_PORT}` : ''} 已被占用，适配层无法启动。`
      : error,
  );
  process.exit(1);
}

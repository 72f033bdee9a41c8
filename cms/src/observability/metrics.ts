import { createServer, type Server } from 'node:http';
import client from '@prometheus-io/client';
import type { Core } from '@strapi/strapi';
import { METRICS } from '@feiyi/contract/metrics';

/**
 * The CMS's metrics: request latency by route group and status (middlewares/metrics.ts), the database pool (knex's,
 * in use, free and waiting), whether the database answers, and the process's own (memory, heap, event-loop lag). Served
 * on 127.0.0.1:METRICS_PORT only, a listener nginx never proxies.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const requestDuration = new client.Histogram({
  name: METRICS.cmsHttpDuration,
  help: 'CMS requests by method, route group and status',
  labelNames: ['method', 'group', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A path's group: `api/<collection>` under /api, else its first segment (`admin`, `upload`): never an id. */
export function routeGroupOf(path: string): string {
  const segments = (path.split('?')[0] ?? '').split('/').filter(Boolean);
  if (segments[0] === 'api') return segments[1] ? `api/${segments[1]}` : 'api';
  return segments[0] && /^[a-z_-]{1,40}$/i.test(segments[0]) ? segments[0] : '/';
}

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

function poolOf(strapi: Core.Strapi): TarnPool | undefined {
  const knex = strapi.db?.connection as unknown as { client?: { pool?: TarnPool } } | undefined;
  return knex?.client?.pool;
}

export function registerDatabaseMetrics(strapi: Core.Strapi): void {
  const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const pool = poolOf(strapi);
        if (pool) this.set(read(pool));
      },
    });
  poolGauge(METRICS.dbPoolUsed, 'Database connections in use', (pool) => pool.numUsed());
  poolGauge(METRICS.dbPoolFree, 'Database connections open and free', (pool) => pool.numFree());
  poolGauge(METRICS.dbPoolPending, 'Queries waiting for a database connection', (pool) => pool.numPendingAcquires());
  new client.Gauge({
    name: METRICS.dbUp,
    help: '1 when the database answers a trivial query within a second',
    registers: [registry],
    async collect() {
      const query = strapi.db.connection.raw('select 1');
      const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref());
      this.set(
        await Promise.race([query, timeout]).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
}

export async function serveMetrics(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

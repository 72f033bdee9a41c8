import { createServer, type Server } from 'node:http';
import type { Registry } from '@prometheus-io/client';

/**
 * The metrics listener: 127.0.0.1 only, a port of its own (METRICS_PORT), so the public server (nginx, or the adapter's
 * own port in the embedded default) never answers /metrics. Prometheus's exposition is the library's.
 */
export async function serveMetrics(registry: Registry, port: number, host = '127.0.0.1'): Promise<Server> {
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
    server.listen(port, host, () => resolve());
  });
  return server;
}

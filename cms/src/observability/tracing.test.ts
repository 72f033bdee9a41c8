import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SERVICE_NAME,
  REQUEST_ID_ATTRIBUTE,
  startTracing,
  stopTracing,
  traceRequest,
  tracingWanted,
  type TracedContext,
} from './tracing';

/**
 * The CMS's request spans, sent to a stub OTLP/HTTP collector (JSON protocol, so they can be read): the adapter's trace
 * is continued, the span is named with Strapi's route and carries the request id and status.
 */
interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{ resource: { attributes: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const valueOf = (attributes: OtlpAttribute[] | undefined, key: string) => {
  const value = attributes?.find((attribute) => attribute.key === key)?.value;
  return value && (value.stringValue ?? value.intValue);
};

let collector: Server | undefined;
afterEach(async () => {
  await stopTracing();
  vi.unstubAllEnvs();
  collector?.closeAllConnections();
  collector?.close();
  collector = undefined;
});

async function stubCollector(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  return { url: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, bodies };
}

const contextOf = (headers: Record<string, string>, path = '/api/portal/follows/7'): TracedContext => ({
  method: 'GET',
  path,
  status: 404,
  headers,
  get: (name) => headers[name.toLowerCase()] ?? '',
});

describe('CMS request traces', () => {
  it('are off without an OTLP endpoint: the middleware only calls the next one', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', '');
    expect(tracingWanted()).toBe(false);
    expect(await startTracing()).toBe(false);
    const next = vi.fn(async () => expect(trace.getActiveSpan()).toBeUndefined());
    await traceRequest(contextOf({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }), next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('continue the adapter’s trace with a server span named by route, with the request id and status, sent on stop; nothing outside a caller’s trace', async () => {
    const { url, bodies } = await stubCollector();
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', url);
    vi.stubEnv('OTEL_EXPORTER_OTLP_PROTOCOL', 'http/json');
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '600000');
    vi.stubEnv('OTEL_SERVICE_NAME', '');
    expect(await startTracing()).toBe(true);

    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const adapterSpanId = '00f067aa0ba902b7';
    const otherTraceId = '0af7651916cd43dd8448eb211c80319c';
    const routed = contextOf({ traceparent: `00-${traceId}-${adapterSpanId}-01`, 'x-request-id': 'cms-trace-0001' });
    let activeInside: string | undefined;
    await traceRequest(routed, async () => {
      activeInside = trace.getActiveSpan()?.spanContext().traceId;
      routed._matchedRoute = '/api/portal/follows/:id';
      routed.status = 200;
    });
    // What the CMS does for the request (database, its own calls) runs inside the span.
    expect(activeInside).toBe(traceId);
    const failed = contextOf({ traceparent: `00-${otherTraceId}-${adapterSpanId}-01` }, '/nothing-here');
    await traceRequest(failed, async () => {
      failed.status = 503;
    });
    // Not traced: the adapters' health probes, and requests outside a caller's trace (their background calls, the admin).
    await traceRequest(contextOf({ traceparent: `00-${otherTraceId}-${adapterSpanId}-01` }, '/_health'), async () => undefined);
    const untraced = contextOf({});
    await traceRequest(untraced, async () => {
      untraced._matchedRoute = '/api/portal/content-version';
      untraced.status = 200;
    });

    expect(bodies).toHaveLength(0);
    await stopTracing();
    const spans = bodies.flatMap((body) =>
      (JSON.parse(body) as OtlpExport).resourceSpans.flatMap(({ resource, scopeSpans }) =>
        scopeSpans.flatMap(({ spans }) => spans.map((span) => ({ ...span, resource: resource.attributes }))),
      ),
    );
    expect(spans).toHaveLength(2);
    const [server, unrouted] = spans;
    expect(server?.name).toBe('GET /api/portal/follows/:id');
    expect(server?.kind).toBe(2);
    expect(server?.traceId).toBe(traceId);
    expect(server?.parentSpanId).toBe(adapterSpanId);
    expect(valueOf(server?.attributes, REQUEST_ID_ATTRIBUTE)).toBe('cms-trace-0001');
    expect(valueOf(server?.attributes, 'http.route')).toBe('/api/portal/follows/:id');
    expect(Number(valueOf(server?.attributes, 'http.response.status_code'))).toBe(200);
    expect(valueOf(server?.resource, 'service.name')).toBe(DEFAULT_SERVICE_NAME);
    // Unrouted: the method alone; a failure is marked as one (status code 2 = error).
    expect(unrouted?.name).toBe('GET');
    expect(unrouted?.traceId).toBe(otherTraceId);
    expect(unrouted?.status?.code).toBe(2);
  });
});

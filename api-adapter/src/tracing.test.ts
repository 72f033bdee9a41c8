import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_NAME, otlpProtocolOf, REQUEST_ID_ATTRIBUTE, spanNameOf, tracingWanted } from './tracing.ts';

/**
 * The real adapter process (server.ts, as ./portal starts it) between a stub CMS and a stub OTLP/HTTP collector (JSON
 * protocol, so the spans can be read): one request that calls the CMS must come out as one trace, server span → CMS call,
 * whose traceparent reached the CMS. Without the endpoint, no OpenTelemetry module of ours may even be loaded: a module
 * hook (node:module registerHooks, given with --import) reports every one the process resolves. The bare API
 * (@opentelemetry/api, no-ops without an SDK) is not ours to keep out: the metrics library loads it itself.
 */
const ADAPTER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'tracing-test-jwt-secret-0123456789';
const ROUTE = '/api/inheritor/follow/status/:id';
const OTEL_MODULE = /\/node_modules\/(@opentelemetry\/(?!api\/)|@fastify\/otel\/)/;
const MODULE_HOOK = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (${OTEL_MODULE}.test(resolved.url)) process.stderr.write('otel-module ' + resolved.url + '\\n');
    return resolved;
  },
});
`)}`;

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function serve(answer: (request: Recorded, response: ServerResponse) => void): Promise<{ url: string; seen: Recorded[] }> {
  const seen: Recorded[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(recorded);
      answer(recorded, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The CMS, as far as this request needs it: the visitor's follow status, and its health for the readiness probe. */
const stubCms = () =>
  serve((request, response) => {
    if (request.url === '/_health') return void response.writeHead(204).end();
    if (request.method === 'GET' && request.url === '/api/portal/follows/7') return json(response, 200, { data: { isFollowing: true } });
    // The content the adapter loads at start: none (it says so in a warning and answers this request all the same).
    return json(response, 404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } });
  });

const stubCollector = () => serve((_request, response) => json(response, 200, {}));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts server.ts like ./portal does, with only the given settings (no OTEL_* variable of the test's own environment). */
async function startAdapter(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', MODULE_HOOK, path.join('src', 'server.ts')], {
    cwd: ADAPTER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_API_TOKEN: 'tracing-test-cms-token-0123456789abcdef',
      JWT_SECRET,
      CACHE_REVALIDATE_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  closers.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    // Any answer (readiness is 503 while the stub's content is missing) means it listens.
    const answered = await fetch(`${url}/api/health/ready`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`adapter did not start:\n${stdout}\n${stderr}`);
    await sleep(100);
  }
  return {
    url,
    /** SIGTERM (the graceful stop) and its exit code; the output so far. */
    stop: async () => {
      child.kill('SIGTERM');
      const [code] = await exited;
      return { code, stderr, stdout };
    },
  };
}

const visitorToken = () =>
  new SignJWT({ id: 1 }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET));

/** One visitor request that calls the CMS, sent with an id and a trace context as nginx would. */
async function followStatus(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/inheritor/follow/status/7`, {
    headers: { authorization: `Bearer ${await visitorToken()}`, 'x-request-id': 'trace-test-0001', ...headers },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ data: { isFollowing: true } });
  expect(response.headers.get('x-request-id')).toBe('trace-test-0001');
}

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{ resource: { attributes: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const valueOf = (attributes: OtlpAttribute[] | undefined, key: string) => {
  const value = attributes?.find((attribute) => attribute.key === key)?.value;
  return value && (value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue);
};

/** Every exported span with its resource's attributes. */
const spansIn = (exports: Recorded[]) =>
  exports.flatMap((request) =>
    (JSON.parse(request.body) as OtlpExport).resourceSpans.flatMap(({ resource, scopeSpans }) =>
      scopeSpans.flatMap(({ spans }) => spans.map((span) => ({ ...span, resource: resource.attributes }))),
    ),
  );

const SPAN_KIND = { server: 2, client: 3 };

describe('traces (OpenTelemetry), real adapter process', () => {
  it('exports one trace per request: the route-named server span with the request id, continuing the incoming traceparent, and the CMS call under it, whose traceparent reached the CMS', async () => {
    const cms = await stubCms();
    const collector = await stubCollector();
    const adapter = await startAdapter({
      CMS_URL: cms.url,
      INSTANCE_NAME: 'adapter-7',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Nothing is sent before the stop: the spans must come out with the shutdown's flush.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const upstreamSpanId = '00f067aa0ba902b7';
    await followStatus(adapter.url, { traceparent: `00-${traceId}-${upstreamSpanId}-01` });
    expect(collector.seen).toHaveLength(0);

    const { code, stderr } = await adapter.stop();
    expect(code).toBe(0);
    expect(stderr).toMatch(/otel-module .*\/@fastify\/otel\//);
    expect(collector.seen.length).toBeGreaterThan(0);
    expect(collector.seen.every((request) => request.method === 'POST' && request.url === '/v1/traces')).toBe(true);

    const spans = spansIn(collector.seen);
    const server = spans.find(
      (span) => span.kind === SPAN_KIND.server && valueOf(span.attributes, REQUEST_ID_ATTRIBUTE) === 'trace-test-0001',
    );
    expect(server, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
    if (!server) return;
    expect(server.name).toBe(`GET ${ROUTE}`);
    expect(valueOf(server.attributes, 'http.route')).toBe(ROUTE);
    expect(Number(valueOf(server.attributes, 'http.response.status_code'))).toBe(200);
    // nginx's (or a front balancer's) trace is continued, not restarted.
    expect(server.traceId).toBe(traceId);
    expect(server.parentSpanId).toBe(upstreamSpanId);
    expect(valueOf(server.resource, 'service.name')).toBe(DEFAULT_SERVICE_NAME);
    expect(valueOf(server.resource, 'service.instance.id')).toBe('adapter-7');

    // The CMS call: a client span of the same trace, below the server span.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const underServer = (span: OtlpSpan) => {
      for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId) if (parent === server.spanId) return true;
      return false;
    };
    const client = spans.find(
      (span) => span.kind === SPAN_KIND.client && String(valueOf(span.attributes, 'url.full')).endsWith('/api/portal/follows/7'),
    );
    expect(client).toBeDefined();
    if (!client) return;
    expect(client.traceId).toBe(traceId);
    expect(underServer(client)).toBe(true);
    expect(Number(valueOf(client.attributes, 'http.response.status_code'))).toBe(200);

    // …and the CMS received the trace context naming that client span (W3C traceparent), with the request id.
    const call = cms.seen.find((request) => request.url === '/api/portal/follows/7');
    expect(call?.headers.traceparent).toBe(`00-${traceId}-${client.spanId}-01`);
    expect(call?.headers['x-request-id']).toBe('trace-test-0001');
    // The readiness polls are not traced, nor the CMS calls made outside a request (start-up load, probes).
    expect(spans.some((span) => String(valueOf(span.attributes, 'url.path')).startsWith('/api/health/ready'))).toBe(false);
    expect(spans.filter((span) => span.kind === SPAN_KIND.client).every((span) => span.traceId === traceId)).toBe(true);
  }, 40_000);

  it('without OTEL_EXPORTER_OTLP_ENDPOINT loads no OpenTelemetry module and sends no trace context', async () => {
    const cms = await stubCms();
    const adapter = await startAdapter({ CMS_URL: cms.url });
    await followStatus(adapter.url, { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    const { code, stderr } = await adapter.stop();
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/otel-module/);
    const call = cms.seen.find((request) => request.url === '/api/portal/follows/7');
    expect(call).toBeDefined();
    expect(call?.headers.traceparent).toBeUndefined();
  }, 40_000);
});

describe('tracing settings', () => {
  it('is on only with an OTLP endpoint, and off with OTEL_SDK_DISABLED', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });

  it('sends OTLP over HTTP, protobuf unless JSON is asked for; gRPC is refused in Chinese', () => {
    expect(otlpProtocolOf({})).toBe('http/protobuf');
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' })).toBe(
      'http/protobuf',
    );
    expect(() => otlpProtocolOf({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/只支持 http\/protobuf 或 http\/json/);
  });

  it('names the server span by route pattern, never by the raw path', () => {
    expect(spanNameOf({ method: 'GET', routeOptions: { url: ROUTE } as never })).toBe(`GET ${ROUTE}`);
    expect(spanNameOf({ method: 'GET', routeOptions: { url: undefined } as never })).toBe('GET');
  });
});

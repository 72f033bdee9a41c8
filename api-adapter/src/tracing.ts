/**
 * OpenTelemetry traces, only when an OTLP endpoint is named (OTEL_EXPORTER_OTLP_ENDPOINT, the standard variable, or its
 * traces-only form). Each request becomes a server span named with its route (`GET /api/culture/:id`, @fastify/otel),
 * with its status code and request id; each call to the CMS made for it becomes a client span under it (the undici
 * instrumentation: ky calls Node's fetch), and carries the W3C `traceparent` header, so the CMS can continue the trace.
 * An incoming `traceparent` (nginx, a front balancer) is continued.
 *
 * Off, the default, it costs nothing: this file imports no OpenTelemetry package at load (types only, erased), and
 * startTracing() imports them only behind the check. server.ts calls it before it imports Fastify, because @fastify/otel
 * instruments each Fastify instance as it is created.
 */
import { hostname } from 'node:os';
import type { Span } from '@opentelemetry/api';
import { tracingDiagLogger } from '@feiyi/contract/tracing';
import type { FastifyRequest } from 'fastify';

/** The server span's attribute holding the request id (the X-Request-Id the answer and the CMS's log lines carry). */
export const REQUEST_ID_ATTRIBUTE = 'request.id';
export const DEFAULT_SERVICE_NAME = 'feiyi-adapter';
/** Polled every 2 s per instance by ./portal's readiness supervisor: traced, it would bury the visitors' requests. */
const UNTRACED_PATHS = ['/api/health/ready'];

export interface Tracing {
  /** Sends the spans still buffered, then stops (server.ts, on a graceful stop). */
  shutdown(): Promise<void>;
}

const setting = (env: NodeJS.ProcessEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** Whether traces are wanted: an OTLP endpoint is named and the SDK is not turned off (OTEL_SDK_DISABLED=true). */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = setting(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? setting(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  return endpoint !== undefined && setting(env, 'OTEL_SDK_DISABLED')?.toLowerCase() !== 'true';
}

/** The trace exporter's wire format: the standard variable's two HTTP forms (protobuf is OTel's default). */
export function otlpProtocolOf(env: NodeJS.ProcessEnv = process.env): 'http/protobuf' | 'http/json' {
  const protocol = setting(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? setting(env, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(`适配层配置无效：OTEL_EXPORTER_OTLP_PROTOCOL 只支持 http/protobuf 或 http/json（收到 ${protocol}）`);
}

/** The server span's name: the method and the route's pattern, never the raw path (one name per route, not per id). */
export function spanNameOf(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): string {
  const route = request.routeOptions.url;
  return route ? `${request.method} ${route}` : request.method;
}

/**
 * Starts the SDK when traces are wanted (undefined otherwise, having loaded nothing). The service is
 * OTEL_SERVICE_NAME, else `feiyi-adapter`; the scale profile's instance name (adapter-1…) is `service.instance.id`;
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER and OTEL_BSP_* apply as everywhere in OpenTelemetry.
 */
export async function startTracing(options: { instanceName?: string } = {}): Promise<Tracing | undefined> {
  // The process's own variables: the exporter reads the endpoint from them too.
  const env = process.env;
  if (!tracingWanted(env)) return undefined;
  const protocol = otlpProtocolOf(env);
  const [
    api,
    { NodeTracerProvider, BatchSpanProcessor },
    resources,
    { registerInstrumentations },
    { UndiciInstrumentation },
    { FastifyOtelInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-undici'),
    import('@fastify/otel'),
  ]);
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');

  api.diag.setLogger(tracingDiagLogger(), api.DiagLogLevel.WARN);

  const resource = resources
    .defaultResource()
    .merge(
      resources.resourceFromAttributes({
        'service.name': DEFAULT_SERVICE_NAME,
        'host.name': hostname(),
        ...(options.instanceName ? { 'service.instance.id': options.instanceName } : {}),
      }),
    )
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults above.
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  // The exporter reads the endpoint, headers, timeout and compression from the standard variables itself.
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  // Global tracer provider, W3C trace context (and baggage) propagation, async-local context.
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Only the CMS calls made for a request: the background ones (the content watch every few seconds, the readiness
      // probe) would each be a trace of their own.
      new UndiciInstrumentation({ requireParentforSpans: true }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request span, the handler's span and the CMS calls; not one span per hook (a dozen per request).
        instrumentHooks: false,
        ignorePaths: ({ url }) => UNTRACED_PATHS.some((path) => url.startsWith(path)),
        requestHook: (span: Span, request: FastifyRequest) => {
          span.updateName(spanNameOf(request));
          span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
        },
      }),
    ],
  });

  return { shutdown: () => provider.shutdown() };
}

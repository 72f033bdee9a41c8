import { hostname } from 'node:os';
import type * as OtelApi from '@opentelemetry/api';
import { tracingDiagLogger } from '@feiyi/contract/tracing';
import { requestIdFrom } from './request-id';

/**
 * OpenTelemetry traces of the CMS's requests, only when an OTLP endpoint is named (OTEL_EXPORTER_OTLP_ENDPOINT, as for
 * the adapter: api-adapter/src/tracing.ts). Each request is a server span named with Strapi's route
 * (`GET /api/portal/follows/:id`), with its status and request id, continuing the adapter's trace (its `traceparent`),
 * so a visitor's request reads nginx → adapter → CMS in one trace. Requests without a caller's trace are not traced.
 *
 * Off, the default, nothing of OpenTelemetry is loaded (types only here; the packages are required behind the check) and
 * the middleware (middlewares/tracing.ts) only calls the next one.
 */
type Api = typeof OtelApi;

export const DEFAULT_SERVICE_NAME = 'feiyi-cms';
/** The server span's attribute holding the request id (the adapter's X-Request-Id, on the CMS's log lines too). */
export const REQUEST_ID_ATTRIBUTE = 'request.id';
/** Probed every 2 s by each adapter (and by ./portal): traced, it would bury the visitors' requests. */
const UNTRACED_PATHS = new Set(['/_health']);

let active: { api: Api; tracer: OtelApi.Tracer; shutdown(): Promise<void> } | undefined;

const setting = (env: NodeJS.ProcessEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** Whether traces are wanted: an OTLP endpoint is named and the SDK is not turned off (OTEL_SDK_DISABLED=true). */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = setting(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? setting(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  return endpoint !== undefined && setting(env, 'OTEL_SDK_DISABLED')?.toLowerCase() !== 'true';
}

function otlpProtocolOf(env: NodeJS.ProcessEnv): 'http/protobuf' | 'http/json' {
  const protocol = setting(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? setting(env, 'OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(`内容管理服务配置无效：OTEL_EXPORTER_OTLP_PROTOCOL 只支持 http/protobuf 或 http/json（收到 ${protocol}）`);
}

/** Starts the SDK when traces are wanted (src/index.ts, at register); whether it did. */
export async function startTracing(): Promise<boolean> {
  const env = process.env;
  if (active || !tracingWanted(env)) return active !== undefined;
  const protocol = otlpProtocolOf(env);
  const [api, { NodeTracerProvider, BatchSpanProcessor }, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
  ]);
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');

  api.diag.setLogger(tracingDiagLogger(), api.DiagLogLevel.WARN);

  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME, 'host.name': hostname() }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults above.
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  provider.register();
  active = {
    api,
    tracer: provider.getTracer('feiyi-cms'),
    async shutdown() {
      active = undefined;
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
  return true;
}

/** Sends the spans still buffered and stops (src/index.ts, at destroy: Strapi's graceful stop). */
export async function stopTracing(): Promise<void> {
  await active?.shutdown();
}

export interface TracedContext {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  get(name: string): string;
  /** @koa/router's pattern of the route that answered (set once routed), e.g. /api/portal/follows/:id. */
  _matchedRoute?: unknown;
}

/** The request as a server span, continuing the caller's trace; nothing but next() while tracing is off. */
export async function traceRequest(ctx: TracedContext, next: () => Promise<unknown>): Promise<void> {
  const tracing = active;
  if (!tracing || UNTRACED_PATHS.has(ctx.path)) {
    await next();
    return;
  }
  const { api, tracer } = tracing;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, ctx.headers);
  // Only a part of a caller's trace (an adapter's request, sampled there): the adapters' background calls (the content
  // watch every few seconds) would each be a trace of their own, and the admin's requests are in the metrics and logs.
  if (!api.trace.getSpanContext(parent)) {
    await next();
    return;
  }
  const span = tracer.startSpan(
    ctx.method,
    { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } },
    parent,
  );
  const id = requestIdFrom(ctx.get('x-request-id'));
  if (id) span.setAttribute(REQUEST_ID_ATTRIBUTE, id);
  try {
    await api.context.with(api.trace.setSpan(parent, span), next);
  } catch (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: api.SpanStatusCode.ERROR });
    throw error;
  } finally {
    // One name per route, never per id; unrouted requests (admin files, 404s) keep the method alone.
    const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined;
    if (route) {
      span.updateName(`${ctx.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', ctx.status);
    if (ctx.status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  }
}

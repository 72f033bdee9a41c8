import { traceRequest } from '../observability/tracing';

/** Each request as an OpenTelemetry server span when tracing is on (observability/tracing.ts); otherwise only next(). */
export default () => traceRequest;

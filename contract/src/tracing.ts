/**
 * The logger the adapter and the CMS give OpenTelemetry's diagnostics (api.diag.setLogger): the SDK's own troubles —
 * a collector that does not answer — are said on stderr once a minute each, not once per batch; below a warning, nothing.
 * Shaped as OpenTelemetry's DiagLogger, so the contract needs no OpenTelemetry package.
 */
export function tracingDiagLogger(write: (line: string) => void = (line) => console.warn(line), now: () => number = Date.now) {
  const said = new Map<string, number>();
  const say = (message: string) => {
    const at = now();
    if ((said.get(message) ?? -Infinity) > at - 60_000) return;
    if (said.size > 100) said.clear();
    said.set(message, at);
    write(`[tracing] ${message}`);
  };
  const quiet = (..._args: unknown[]) => undefined;
  return { error: say, warn: say, info: quiet, debug: quiet, verbose: quiet };
}

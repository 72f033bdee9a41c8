import { describe, expect, it } from 'vitest';
import { tracingDiagLogger } from './tracing.ts';

describe("OpenTelemetry's diagnostics", () => {
  it('say each trouble once a minute, and nothing below a warning', () => {
    const lines: string[] = [];
    let clock = 1_000_000;
    const logger = tracingDiagLogger(
      (line) => lines.push(line),
      () => clock,
    );
    logger.warn('collector down');
    logger.error('collector down');
    logger.info('exported 3 spans');
    expect(lines).toEqual(['[tracing] collector down']);
    clock += 60_001;
    logger.error('collector down');
    expect(lines).toEqual(['[tracing] collector down', '[tracing] collector down']);
  });
});

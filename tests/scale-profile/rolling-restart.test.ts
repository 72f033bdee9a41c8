import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RolloutStatus } from '../../scripts/src/rollout-control.ts';
import { newUser } from '../support/api.ts';
import { testEnv } from '../support/env.ts';

// A rolling restart under steady mixed traffic through nginx: the runner (as `./portal rollout` asks a started profile)
// replaces adapter-1 then adapter-2, each taken out of nginx and drained before it stops. Not one request may fail, and
// each instance must have answered both before its replacement (the old process) and after (the new one).
const portalPid = Number(process.env.TEST_PORTAL_PID ?? NaN);
const statusFile = process.env.TEST_ROLLOUT_STATUS_FILE ?? '';

const readStatus = (): RolloutStatus | undefined =>
  existsSync(statusFile) ? (JSON.parse(readFileSync(statusFile, 'utf8')) as RolloutStatus) : undefined;

describe('a rolling restart of the adapters', () => {
  it('under steady reads and logins fails no request, and old and new instances both answer', async () => {
    if (!Number.isInteger(portalPid) || !statusFile)
      throw new Error('TEST_PORTAL_PID is not set: run the suite with ./portal test --profile scale');
    const visitor = await newUser('rr');
    const before = readStatus()?.id;
    const answers: Array<{ instance: string; at: number }> = [];
    const failures: string[] = [];
    let running = true;
    let sent = 0;
    const reads = ['/api/categories', '/api/culture/hot', '/api/product/page?page=1&size=9', '/api/home'];
    // nginx's graceful reload (each instance is taken out and put back that way) closes its old workers' idle kept-alive
    // connections to clients; a client that reuses one at that instant sees it closed before any answer. A browser sends
    // a GET again on a fresh connection then (RFC 9112 §9.3.1), and so does this client, once, counting it. Anything else,
    // an answer other than 200 included, is a failed request.
    let resent = 0;
    const closedUnderneath = (error: unknown) =>
      ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(((error as Error).cause as { code?: string } | undefined)?.code ?? '');
    const send = async (target: string, init: RequestInit = {}) => {
      sent += 1;
      for (let attempt = 1; ; attempt += 1) {
        try {
          const response = await fetch(`${testEnv.webUrl}${target}`, init);
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${target}: HTTP ${response.status}`);
          else answers.push({ instance: response.headers.get('x-adapter-instance') ?? '', at: Date.now() });
          return;
        } catch (error) {
          if (attempt === 1 && (init.method ?? 'GET') === 'GET' && closedUnderneath(error)) {
            resent += 1;
            continue;
          }
          failures.push(`${target}: ${(error as Error).message} ${String(((error as Error).cause as Error | undefined)?.message ?? '')}`);
          return;
        }
      }
    };
    // Readers go round the cached reads; one visitor logs in again and again (a call through to the CMS, one at a time:
    // a crowd of password checks would measure the CMS's capacity on this machine, not the rollout).
    const reader = async (n: number) => {
      for (let i = 0; running; i += 1) await send(reads[(i + n) % reads.length]!);
    };
    const loginLoop = async () => {
      for (let i = 0; running; i += 1) {
        await send('/api/user/login', {
          method: 'POST',
          // Each login as its own visitor: the per-address limits are not what this test is about.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250) % 250}.${i % 250}` },
          body: JSON.stringify({ username: visitor.username, password: visitor.password }),
        });
        await sleep(100);
      }
    };
    const workers = [...Array.from({ length: 4 }, (_, n) => reader(n)), loginLoop()];
    await sleep(3_000);
    process.kill(portalPid, 'SIGUSR2');
    const deadline = Date.now() + 600_000;
    let status = readStatus();
    while (!(status && status.id !== before && status.state !== 'running')) {
      if (Date.now() > deadline) throw new Error('the rollout did not finish within 600 s');
      await sleep(500);
      status = readStatus();
    }
    await sleep(3_000);
    running = false;
    await Promise.all(workers);

    expect(status.state, status.error).toBe('done');
    const at = (instance: string, phase: string) =>
      Date.parse(status.steps.find((step) => step.instance === instance && step.phase === phase)!.at);
    const counts: Record<string, { old: number; new: number }> = {};
    for (const instance of ['adapter-1', 'adapter-2']) {
      counts[instance] = {
        old: answers.filter((answer) => answer.instance === instance && answer.at < at(instance, 'draining')).length,
        new: answers.filter((answer) => answer.instance === instance && answer.at > at(instance, 'ready')).length,
      };
    }
    console.log(
      `rolling restart: ${sent} requests, ${failures.length} failed, ${resent} GETs sent again after a kept-alive connection closed under them, answered by ${JSON.stringify(counts)}`,
    );
    expect(failures).toEqual([]);
    for (const instance of ['adapter-1', 'adapter-2']) {
      expect(counts[instance]!.old, `${instance} before its replacement`).toBeGreaterThan(0);
      expect(counts[instance]!.new, `${instance} after its replacement`).toBeGreaterThan(0);
    }
  }, 900_000);
});

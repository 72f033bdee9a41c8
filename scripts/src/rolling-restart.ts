import { setTimeout as sleep } from 'node:timers/promises';
import { CommandError, type Service } from './processes.ts';
import type { ReadinessSupervisor } from './readiness-supervisor.ts';

export interface RollableAdapter {
  name: string;
  url: string;
  /** Its address in nginx's upstream. */
  upstream: string;
  service: Service;
}

/**
 * Replaces the adapter instances one at a time (new code or new settings), each drained first, so that no request
 * fails: nginx stops sending it new requests (down, then a graceful reload: its old workers finish their requests
 * and close their kept-alive connections), the instance is asked to stop (readiness false, the requests under way
 * answered, idle keep-alive connections closed), a new one starts on the same port, and it is put back in once ready.
 * The next instance is replaced only then, so the others carry the traffic meanwhile.
 */
export async function rollAdapters(options: {
  adapters: RollableAdapter[];
  /** Starts a fresh instance in the i-th place (same port, same settings as read now). */
  launch: (index: number) => Service;
  supervisor: ReadinessSupervisor;
  log: (line: string) => void;
  /** How long nginx's reload takes to reach every worker before the instance is stopped. */
  settleMs?: number;
  /** Told of each step (the rolling-restart test and `./portal rollout` follow it). */
  onStep?: (step: { instance: string; phase: 'draining' | 'stopped' | 'ready'; at: string }) => void;
}): Promise<void> {
  const step = (instance: string, phase: 'draining' | 'stopped' | 'ready') =>
    options.onStep?.({ instance, phase, at: new Date().toISOString() });
  for (const [index, adapter] of options.adapters.entries()) {
    options.log(`滚动重启：${adapter.name} 停止接收新请求…`);
    step(adapter.name, 'draining');
    options.supervisor.hold(adapter.upstream);
    await sleep(options.settleMs ?? 2_000);
    await adapter.service.stop();
    step(adapter.name, 'stopped');
    const service = options.launch(index);
    adapter.service = service;
    await waitUntilReady(adapter.url, service);
    options.supervisor.release(adapter.upstream);
    step(adapter.name, 'ready');
    options.log(`滚动重启：${adapter.name} 已由新进程接替（pid ${service.child.pid}）`);
    // nginx's reload with the instance back in reaches every worker before the next one goes.
    await sleep(options.settleMs ?? 2_000);
  }
}

async function waitUntilReady(url: string, service: Service, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new CommandError(`${service.name} 启动失败（退出码 ${service.child.exitCode}），见 ${service.logFile}`);
    const ready = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1_500) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ready) return;
    await sleep(250);
  }
  throw new CommandError(`${service.name} 在 ${timeoutMs / 1000} 秒内未就绪，见 ${service.logFile}`);
}

import { unreadyOnItsOwn } from '../../contract/src/health.ts';

/**
 * Polls every adapter instance's readiness (GET /api/health/ready) and tells nginx to skip the ones that are not ready
 * (`down` in its upstream, then a reload). When every instance is unready at once the cause is shared (the CMS, the
 * database or Redis is away): all stay in, as the fault tests require, since each still serves reads from its cache and
 * answers writes with the Chinese 503. A shared cause alone never takes an instance out, even when one instance notices
 * it before the others (contract/src/health.ts). An instance must be unready on its own twice in a row before it is
 * taken out (no flapping on one slow poll); it is back in at its first ready answer.
 */

export interface SupervisedInstance {
  name: string;
  url: string;
  /** Its address in nginx's upstream (host:port). */
  upstream: string;
}

/** Which upstreams to mark down, from how many polls in a row each instance has been unready. */
export function upstreamsToMarkDown(states: ReadonlyArray<{ upstream: string; unreadyPolls: number }>, threshold = 2): string[] {
  if (states.length > 0 && states.every((state) => state.unreadyPolls > 0)) return [];
  return states.filter((state) => state.unreadyPolls >= threshold).map((state) => state.upstream);
}

export class ReadinessSupervisor {
  private timer: NodeJS.Timeout | undefined;
  private readonly unreadyPolls = new Map<string, number>();
  private readonly reasons = new Map<string, string>();
  private down: string[] = [];
  /** Upstreams taken out on purpose (a rolling restart drains them), whatever their readiness says. */
  private readonly held = new Set<string>();
  private polling = false;
  private readonly options: {
    instances: SupervisedInstance[];
    apply: (down: readonly string[]) => void;
    log: (line: string) => void;
    intervalMs?: number;
  };

  constructor(options: ReadinessSupervisor['options']) {
    this.options = options;
  }

  start(): void {
    this.timer = setInterval(() => void this.poll(), this.options.intervalMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The upstreams nginx currently skips. */
  get markedDown(): readonly string[] {
    return [...new Set([...this.down, ...this.held])];
  }

  /** Takes an upstream out of nginx now (before its instance is stopped), until release(). */
  hold(upstream: string): void {
    this.held.add(upstream);
    this.options.apply(this.markedDown);
  }

  release(upstream: string): void {
    this.held.delete(upstream);
    this.unreadyPolls.set(upstream, 0);
    this.down = this.down.filter((address) => address !== upstream);
    this.options.apply(this.markedDown);
  }

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await Promise.all(
        this.options.instances.map(async (instance) => {
          const reasons = await readinessOf(instance.url);
          const own = reasons !== undefined && unreadyOnItsOwn(reasons);
          this.unreadyPolls.set(instance.upstream, own ? (this.unreadyPolls.get(instance.upstream) ?? 0) + 1 : 0);
          this.reasons.set(instance.upstream, reasons?.join('、') ?? '');
        }),
      );
      const next = upstreamsToMarkDown(
        this.options.instances.map((instance) => ({
          upstream: instance.upstream,
          unreadyPolls: this.unreadyPolls.get(instance.upstream) ?? 0,
        })),
      );
      if (next.join() === this.down.join()) return;
      for (const instance of this.options.instances) {
        const was = this.down.includes(instance.upstream);
        const now = next.includes(instance.upstream);
        if (!was && now)
          this.options.log(`适配层实例 ${instance.name} 未就绪（${this.reasons.get(instance.upstream)}），nginx 暂不转发给它`);
        if (was && !now) this.options.log(`适配层实例 ${instance.name} 已恢复，nginx 重新转发给它`);
      }
      this.down = next;
      this.options.apply(this.markedDown);
    } finally {
      this.polling = false;
    }
  }
}

/** undefined when ready; otherwise why not (the instance's own reasons, or that it does not answer). */
async function readinessOf(url: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1_500) });
    if (response.status === 200) return undefined;
    const body = (await response.json().catch(() => null)) as { data?: { reasons?: string[] } } | null;
    const reasons = body?.data?.reasons ?? [];
    return reasons.length > 0 ? reasons : [`HTTP ${response.status}`];
  } catch {
    return ['无应答'];
  }
}

import client, { type Registry } from '@prometheus-io/client';
import type { Redis } from 'ioredis';
import { METRICS } from '@feiyi/contract/metrics';
import type { CmsClient } from '../cms/client.ts';

import { UNREADY_REASONS, type UnreadyReason } from '@feiyi/contract/health';

export { UNREADY_REASONS, type UnreadyReason };

/**
 * Whether this instance can serve: its content loaded, the CMS and (when configured) Redis reachable, not overloaded,
 * not draining before a stop. The CMS is probed in the background (every `probeMs`), so a readiness poll is free.
 * Liveness (/api/health) stays a separate question: an unready instance is alive and keeps serving what it can.
 */
export class Readiness {
  private cmsUp = false;
  private draining = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly options: {
    cms: CmsClient;
    redis?: Redis | undefined;
    contentLoaded: () => boolean;
    /** Loads the content (again): an instance whose first load failed gets no traffic to retry it on, so the probe does. */
    loadContent: () => Promise<unknown>;
    overloaded: () => boolean;
    registry: Registry;
    probeMs?: number;
  };

  constructor(options: Readiness['options']) {
    this.options = options;
    const reasonsNow = () => this.reasons();
    new client.Gauge({
      name: METRICS.ready,
      help: '1 when this instance is ready for traffic',
      registers: [options.registry],
      collect() {
        this.set(reasonsNow().length === 0 ? 1 : 0);
      },
    });
    new client.Gauge({
      name: METRICS.unready,
      help: 'Why this instance is not ready (1 per reason that holds)',
      labelNames: ['reason'],
      registers: [options.registry],
      collect() {
        const now = reasonsNow();
        for (const reason of UNREADY_REASONS) this.set({ reason }, now.includes(reason) ? 1 : 0);
      },
    });
  }

  async probeCms(): Promise<boolean> {
    this.cmsUp = await this.options.cms.http
      .get('../_health', { timeout: 1500, retry: 0, throwHttpErrors: false })
      .then((response) => response.status === 204)
      .catch(() => false);
    return this.cmsUp;
  }

  private loading = false;

  private async probe(): Promise<void> {
    if (await this.probeCms()) {
      if (!this.options.contentLoaded() && !this.loading) {
        this.loading = true;
        await this.options.loadContent().catch(() => undefined);
        this.loading = false;
      }
    }
  }

  start(): void {
    void this.probe();
    this.timer = setInterval(() => void this.probe(), this.options.probeMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Before a stop: readiness turns false so the proxy stops sending, while the requests under way finish. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  reasons(): UnreadyReason[] {
    const reasons: UnreadyReason[] = [];
    if (!this.options.contentLoaded()) reasons.push('content-not-loaded');
    if (!this.cmsUp) reasons.push('cms-unreachable');
    if (this.options.redis && this.options.redis.status !== 'ready') reasons.push('redis-unreachable');
    if (this.options.overloaded()) reasons.push('overloaded');
    if (this.draining) reasons.push('draining');
    return reasons;
  }
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CmsClient } from '../cms/client.ts';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import type { Readiness } from './readiness.ts';
import { tableRoute } from '../http/route-table.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ cms: CmsClient; readiness: Readiness }> = async (app, { cms, readiness: ready }) => {
  // Liveness: the process answers (whatever the CMS's state, which it reports).
  app.route({
    ...tableRoute('health.live', { tags: ['运维'], summary: '健康检查（存活）' }),
    handler: async () => {
      const cmsUp = await cms.http
        .get('../_health', { timeout: 2000, retry: 0, throwHttpErrors: false })
        .then((response) => response.status === 204)
        .catch(() => false);
      return ok({ status: 'ok' as const, cms: cmsUp ? ('up' as const) : ('down' as const) });
    },
  });

  // Readiness: whether this instance should get traffic now (./portal's supervisor takes an unready one out of nginx).
  app.route({
    ...tableRoute('health.ready', {
      tags: ['运维'],
      summary: '就绪检查',
      description: '实例可以接收流量时答复 200；否则答复 503 并列出原因（内容未加载、CMS 或 Redis 不可达、过载、正在停止）',
    }),
    handler: async (_request, reply) => {
      const reasons = ready.reasons();
      if (reasons.length === 0) return ok({ ready: true, reasons });
      return reply.code(503).send({ code: ERROR_CODES.unavailable, message: '实例未就绪', data: { ready: false, reasons } });
    },
  });
};

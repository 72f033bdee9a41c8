import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CmsClient } from '../cms/client.ts';
import { envelope } from '@feiyi/contract/common';
import { ERROR_CODES } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';
import { UNREADY_REASONS, type Readiness } from './readiness.ts';

const healthResponse = envelope(z.object({ status: z.literal('ok'), cms: z.enum(['up', 'down']) }));
const readiness = z.object({ ready: z.boolean(), reasons: z.array(z.enum(UNREADY_REASONS)) });
const readyResponse = envelope(readiness);
const unreadyResponse = z.object({ code: z.literal(ERROR_CODES.unavailable), message: z.string(), data: readiness });

export const healthRoutes: FastifyPluginAsyncZod<{ cms: CmsClient; readiness: Readiness }> = async (app, { cms, readiness: ready }) => {
  // Liveness: the process answers (whatever the CMS's state, which it reports).
  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { tags: ['运维'], summary: '健康检查（存活）', response: { 200: healthResponse } } },
    async () => {
      const cmsUp = await cms.http
        .get('../_health', { timeout: 2000, retry: 0, throwHttpErrors: false })
        .then((response) => response.status === 204)
        .catch(() => false);
      return ok({ status: 'ok' as const, cms: cmsUp ? ('up' as const) : ('down' as const) });
    },
  );

  // Readiness: whether this instance should get traffic now (./portal's supervisor takes an unready one out of nginx).
  app.get(
    '/api/health/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['运维'],
        summary: '就绪检查',
        description: '实例可以接收流量时答复 200；否则答复 503 并列出原因（内容未加载、CMS 或 Redis 不可达、过载、正在停止）',
        response: { 200: readyResponse, 503: unreadyResponse },
      },
    },
    async (_request, reply) => {
      const reasons = ready.reasons();
      if (reasons.length === 0) return ok({ ready: true, reasons });
      return reply.code(503).send({ code: ERROR_CODES.unavailable, message: '实例未就绪', data: { ready: false, reasons } });
    },
  );
};

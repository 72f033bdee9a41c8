import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CmsClient } from '../cms/client.ts';
import { envelope } from '@feiyi/contract/common';
import { ok } from '../http/envelope.ts';

const healthResponse = envelope(z.object({ status: z.literal('ok'), cms: z.enum(['up', 'down']) }));

export const healthRoutes: FastifyPluginAsyncZod<{ cms: CmsClient }> = async (app, { cms }) => {
  app.get(
    '/api/health',
    { config: { auth: 'public' }, schema: { tags: ['运维'], summary: '健康检查', response: { 200: healthResponse } } },
    async () => {
      const cmsUp = await cms.http
        .get('../_health', { timeout: 2000, retry: 0, throwHttpErrors: false })
        .then((response) => response.status === 204)
        .catch(() => false);
      return ok({ status: 'ok' as const, cms: cmsUp ? ('up' as const) : ('down' as const) });
    },
  );
};

import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Snapshot } from './cache/snapshot.ts';
import { createCmsClient, type CmsClient } from './cms/client.ts';
import type { AppConfig } from './config.ts';
import { loadCultureCatalogue } from './culture/catalogue.ts';
import { cultureRoutes } from './culture/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerStaticSite } from './site/static.ts';

export interface AppOptions {
  config: AppConfig;
  cms?: CmsClient;
}

/** The whole adapter as a Fastify plugin: server.ts only listens; tests build it and call inject(). */
export default async function app(fastify: FastifyInstance, { config, cms: givenCms }: AppOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const cms = givenCms ?? createCmsClient({ baseUrl: config.CMS_URL, token: config.CMS_API_TOKEN });

  await app.register(helmet, {
    // The static site's islands and Astro's hydration script need a tailored policy (see README).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: '非遗门户 API',
        version: '1.0.0',
        description: '所有调用的请求与应答结构；成功时 code 为 20000（热门与最新为 200）。',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, { routePrefix: '/api/docs', configuration: { telemetry: false, hideClientButton: true } as never });

  const catalogue = new Snapshot(() => loadCultureCatalogue(cms, config.PUBLIC_URL), {
    revalidateMs: config.CACHE_REVALIDATE_MS,
    onError: (error) => app.log.warn({ err: error }, 'content snapshot reload failed; serving the previous copy'),
  });

  await app.register(healthRoutes, { cms });
  await app.register(cultureRoutes, { catalogue });
  await registerStaticSite(app, { siteDir: config.SITE_DIR, uploadsDir: config.UPLOADS_DIR });
}

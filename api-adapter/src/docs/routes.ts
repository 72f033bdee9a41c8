import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';

/**
 * The API reference (Scalar) at /api/docs, reading the document @fastify/swagger generates. Offline
 * and self-contained: everything it loads comes from this origin (its script is served by the
 * plugin; no web fonts from Scalar's host, no telemetry, no AI agent, no hosted developer tools).
 */
export async function docsRoutes(docs: FastifyInstance, { security }: { security: FastifyHelmetOptions }) {
  await docs.register(helmet, {
    ...security,
    // The reference renders from an inline bootstrap script and injects its own styles.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await docs.register(scalar, {
    routePrefix: '/api/docs',
    configuration: {
      pageTitle: '非遗门户 API 文档',
      favicon: '/favicon.svg',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      metaData: { title: '非遗门户 API 文档' },
    } as never,
  });
}

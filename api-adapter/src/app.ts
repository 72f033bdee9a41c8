import './zod-locale.ts';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import client, { Registry } from '@prometheus-io/client';
import underPressure from '@fastify/under-pressure';
import { METRICS } from '@feiyi/contract/metrics';
import * as MESSAGES from '@feiyi/contract/messages';
import { Readiness } from './health/readiness.ts';
import { FallbackCounterStore, LoginLimiter, MemoryCounterStore, RedisCounterStore } from './auth/login-limiter.ts';
import { authRoutes } from './auth/routes.ts';
import { routeAuth } from './auth/route-auth.ts';
import { createCmsClient, type CmsClient } from './cms/client.ts';
import { collectionRoutes } from './collection/routes.ts';
import type { AppConfig } from './config.ts';
import { contentEventsRoutes } from './content/events-routes.ts';
import { ContentFanOut } from './content/fan-out.ts';
import { siteBuildRoutes } from './content/site-build-routes.ts';
import { ContentStore } from './content/store.ts';
import { ERROR_CODES } from '@feiyi/contract/common';
import { countViews } from './culture/content.ts';
import { cultureRoutes } from './culture/routes.ts';
import { ViewCounter } from './culture/view-counter.ts';
import { DonorFeed } from './donation/donor-feed.ts';
import { openApiOptions } from './docs/openapi.ts';
import { docsRoutes } from './docs/routes.ts';
import { donationRoutes } from './donation/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { historyRoutes } from './history/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerTestFaults } from './http/test-faults.ts';
import { registerRequestId } from './http/request-id.ts';
import { registerMetrics } from './metrics/plugin.ts';
import { inheritorRoutes } from './inheritor/routes.ts';
import { nationalRoutes } from './national/routes.ts';
import { orderRoutes } from './order/routes.ts';
import { pagesRoutes } from './pages/routes.ts';
import { policyRoutes } from './policy/routes.ts';
import { applyStock } from './product/content.ts';
import { productRoutes } from './product/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { provinceRoutes } from './province/routes.ts';
import type { Deps } from './shared/deps.ts';
import { registerStaticSite } from './site/static.ts';
import { PreviewRenderer } from './preview/renderer.ts';
import { registerPreviewRoutes } from './preview/routes.ts';
import { uploadRoutes } from './upload/routes.ts';
import { applySeats } from './workshop/content.ts';
import { workshopRoutes } from './workshop/routes.ts';

export interface AppOptions {
  config: AppConfig;
  cms?: CmsClient;
  /** Where the metrics go (server.ts serves it on the internal metrics port); a registry of its own otherwise. */
  registry?: Registry;
  /** Told of the instance's readiness (server.ts turns it false before a stop: draining). */
  onReadiness?: (readiness: Readiness) => void;
}

/** The whole adapter as a Fastify plugin: server.ts only listens; tests build it and call inject(). */
export default async function app(fastify: FastifyInstance, { config, cms: givenCms, registry, onReadiness }: AppOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // An empty body with a JSON content type (e.g. "POST …/mock-pay" with no payload) is no body,
  // not a JSON error; everything else goes through Fastify's safe parser (prototype poisoning).
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  const cms = givenCms ?? createCmsClient({ baseUrl: config.CMS_URL, token: config.CMS_API_TOKEN });
  // Shared state for several instances lives in Redis when configured; otherwise in memory.
  const redis = config.REDIS_URL
    ? // Without the offline queue a command fails at once while Redis is away, and its caller falls back to this
      // instance's own state, instead of waiting for reconnection attempts that may take seconds.
      new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: false })
    : undefined;
  let redisDown = false;
  const markRedisDown = (error: Error) => {
    if (!redisDown) app.log.warn({ err: error }, 'redis unreachable: this instance serves on with its own limits and state');
    redisDown = true;
  };
  redis?.on('error', markRedisDown);
  // A lost connection is retried after a pause; an outage shorter than that never fails a reconnection (no 'error'),
  // but it is still one: its end is told by 'ready' like any other.
  redis?.on('reconnecting', () => markRedisDown(new Error('redis connection lost')));
  redis?.on('ready', () => {
    if (redisDown) app.log.warn('redis is back');
    redisDown = false;
  });
  // The first requests find the connection up (it is not queued for): wait for it at start, a few seconds at most.
  app.addHook('onReady', async () => {
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });

  registerRequestId(app);
  // Before any route, so every route is measured.
  const metricsRegistry = registry ?? new Registry();
  await registerMetrics(app, { registry: metricsRegistry, cmsUrl: config.CMS_URL, redis });

  // Which of several instances answered (the scale profile's tests show that nginx spreads requests over them).
  const instanceName = config.INSTANCE_NAME;
  if (instanceName) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-adapter-instance', instanceName);
      done();
    });
  }

  // Overload: shed early with the contract's 503 (and Retry-After) rather than let every answer slow down. Health and
  // readiness still answer, so the supervisor sees why.
  const shed = new client.Counter({
    name: METRICS.shed,
    help: 'Requests refused early because this instance was overloaded',
    registers: [metricsRegistry],
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: 5,
    exposeStatusRoute: false,
    pressureHandler: (request, reply) => {
      if (request.url.startsWith('/api/health')) return undefined;
      shed.inc();
      // Sent here: Fastify runs nothing further for a request already answered.
      void reply.code(503).header('retry-after', '5').send({ code: ERROR_CODES.unavailable, message: MESSAGES.api.overloaded, data: null });
      return undefined;
    },
  });

  // Before every route: the browser tests' error switch, only when the test runner turned it on.
  if (config.TEST_FAULTS) registerTestFaults(app);

  // JSON answers need only nosniff; helmet's full set (and its per-request work, which halves the
  // throughput of cached reads) is for pages: it is registered below with the site and the docs.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  await app.register(rateLimit, {
    global: false,
    // Redis down: the limits stop counting rather than every limited route failing.
    ...(redis ? { redis, nameSpace: 'feiyi:rate:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.tooManyRequests,
      message: `请求过于频繁，请 ${Math.ceil(context.ttl / 1000)} 秒后再试`,
      data: null,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });

  await app.register(swagger, openApiOptions(config.PUBLIC_URL));
  const pageSecurity = {
    // Pages carry their own policy: Astro writes a CSP meta tag with the hashes of its scripts and
    // styles (site/astro.config.mjs); the docs set theirs in docs/routes.ts.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
  };
  await app.register(docsRoutes, { security: pageSecurity });

  const store = new ContentStore(cms, config.PUBLIC_URL, app.log, { checkAnswers: config.CHECK_ANSWERS });
  store.startWatching(config.CACHE_REVALIDATE_MS);
  // Load public content as soon as the server is up, so the first visitor does not wait for it.
  app.addHook('onReady', async () => {
    void Promise.all([store.content.get(), store.shop.get()]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'initial content load failed; retrying on first request'),
    );
  });
  app.addHook('onClose', async () => store.stopWatching());
  const readiness = new Readiness({
    cms,
    redis,
    contentLoaded: () => store.content.loaded && store.shop.loaded,
    loadContent: () => Promise.all([store.content.get(), store.shop.get()]),
    overloaded: () => app.isUnderPressure(),
    registry: metricsRegistry,
  });
  app.addHook('onReady', async () => readiness.start());
  app.addHook('onClose', async () => readiness.stop());
  onReadiness?.(readiness);
  const donorFeed = new DonorFeed((limit: number) => cms.server.call('donations.feed', { query: { limit } }));
  let fanOut: ContentFanOut | undefined;
  if (redis) {
    fanOut = new ContentFanOut({
      publisher: redis,
      instance: instanceName ?? `${config.HOST}:${config.PORT}:${process.pid}`,
      log: app.log,
      // A sale's levels apply as they come; anything else (a publish) is a check with the CMS.
      onEvent: async (event) => {
        if (event.kind === 'view') {
          if (event.views) await countViews(store, event.views);
          return;
        }
        if (event.kind === 'donation') {
          donorFeed.invalidate();
          return;
        }
        if (event.stock || event.seats) {
          // A sale's levels are ahead of this copy's fingerprint; levels another instance followed come with theirs.
          const followed = event.stockVersion !== undefined;
          applyStock(store, event.stock ?? [], { followed });
          applySeats(store, event.seats ?? [], { followed });
          if (event.stockVersion !== undefined) store.adoptFollowedStock(event.stockVersion);
          return;
        }
        await store.checkForChanges();
      },
    });
    const announcer = fanOut;
    app.addHook('onClose', async () => announcer.close());
  }
  // Views of culture items go to the CMS and the other instances in batches, about once a second.
  const viewFanOut = fanOut;
  const views = new ViewCounter({
    save: async (batch) => {
      await cms.server.call('cultures.views', { body: { views: batch } });
    },
    announce: viewFanOut && (async (batch) => viewFanOut.announce({ kind: 'view', views: batch })),
    log: app.log,
  });
  // Added after Redis's and the fan-out's own hooks, so it runs before them (onClose hooks run last added first), and after
  // the server has stopped taking requests and answered those under way: their views are saved and announced too.
  app.addHook('onClose', async () => views.close());

  const deps: Deps = {
    config,
    cms,
    store,
    loginLimiter: new LoginLimiter(
      redis
        ? new FallbackCounterStore(new RedisCounterStore(redis), new MemoryCounterStore(), (error) =>
            app.log.warn({ err: error }, 'redis unreachable: failed logins are counted by this instance alone until it is back'),
          )
        : new MemoryCounterStore(),
    ),
    redis,
    fanOut,
    views,
    donorFeed,
  };

  // The API's routes, each declaring who may call it (config.auth): routeAuth enforces the declarations
  // in this scope and refuses a route without one. The docs and the static site are outside it.
  await app.register(async (api) => {
    await api.register(routeAuth, { jwtSecret: config.JWT_SECRET, webhookSecret: config.WEBHOOK_SECRET });
    await api.register(healthRoutes, { cms, readiness });
    await api.register(contentEventsRoutes, deps);
    await api.register(siteBuildRoutes, deps);
    for (const routes of [
      authRoutes,
      profileRoutes,
      uploadRoutes,
      cultureRoutes,
      provinceRoutes,
      productRoutes,
      orderRoutes,
      collectionRoutes,
      historyRoutes,
      inheritorRoutes,
      nationalRoutes,
      policyRoutes,
      donationRoutes,
      workshopRoutes,
      pagesRoutes,
    ]) {
      await api.register(routes, deps);
    }
  });
  await app.register(async (site) => {
    await site.register(helmet, pageSecurity);
    registerPreviewRoutes(site, {
      secret: config.PREVIEW_SECRET,
      cms,
      store,
      renderer: config.SITE_DIR ? new PreviewRenderer(config.SITE_DIR) : undefined,
      adminOrigin: new URL(config.CMS_URL).origin,
      origin: config.PUBLIC_URL,
    });
    await registerStaticSite(site, { siteDir: config.SITE_DIR, uploadsDir: config.UPLOADS_DIR });
  });
}
